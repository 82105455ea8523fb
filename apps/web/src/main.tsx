import { formatDateTime } from '@vigia/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/providers/queryClient';
import { createAppRouter } from './app/router/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente em index.html');
const container = root;

// The start is cut into tasks (the entry's code, the router with its first
// screen's loaders, the first render) so the page never blocks for long.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const queryClient = createQueryClient();
  await nextTask();
  const router = createAppRouter(queryClient);
  await nextTask();
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  // The first time-zone formatter loads ICU's zone data (about 80 ms on a slow
  // phone): built in a task of its own while the screen's code and data are on
  // their way, not inside the render that first shows a date.
  await nextTask();
  formatDateTime(0);
}

void start();
