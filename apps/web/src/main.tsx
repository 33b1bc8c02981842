import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFor } from './app/router';
import { startApp } from './app/start';

startApp();
// The page's own code starts downloading now, beside the session check, not after it.
preloadFor(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
