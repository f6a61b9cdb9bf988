// Same figure as the sidebar: decided on the server so the first render knows whether the call-to-action shows.
export { default } from '../vehicle-sidebar/loader';
