// Browser entry of the visual editor (served at /editor by runtime/editor/routes.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

createRoot(document.getElementById('editor-root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
