// Same figure as the sidebar: decided on the server so the first render knows whether the calculator shows.
export { default } from '../vehicle-sidebar/loader';
