/**
 * The Content-Security-Policy allows connections to the app's own origin only (`connect-src 'self'`). In
 * the browser that must still let the real-time socket open as a WebSocket to the same host, not fall
 * back to long-polling, with no policy violation reported.
 */
import type { WebSocket } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, openAs } from './helpers.ts';

test('the real-time socket connects over WebSocket to its own origin under the policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) violations.push(message.text()); });
  // The server's first frame (the Engine.IO open packet) arrives: the connection was allowed, not refused. It is
  // listened for as the socket opens: waiting after it was received would wait for the next ping, 25 s later.
  const framed = new Promise<WebSocket>((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().includes('/socket.io/') && socket.url().includes('transport=websocket')) socket.once('framereceived', () => resolve(socket));
    });
  });
  await openAs(page, DEMO.tehnicar.email, '/prijem');
  const socket = await framed;
  expect(new URL(socket.url()).host).toBe(new URL(page.url()).host);
  expect(socket.isClosed()).toBe(false);
  expect(violations).toEqual([]);
});
