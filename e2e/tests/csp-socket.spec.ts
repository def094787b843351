/**
 * The Content-Security-Policy allows connections to the app's own origin only (`connect-src 'self'`). In
 * the browser that must still let the real-time socket open as a WebSocket to the same host, not fall
 * back to long-polling, with no policy violation reported.
 */
import { expect, test } from './fixtures.ts';
import { DEMO, openAs } from './helpers.ts';

test('the real-time socket connects over WebSocket to its own origin under the policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) violations.push(message.text()); });
  const opened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/') && socket.url().includes('transport=websocket'));
  await openAs(page, DEMO.tehnicar.email, '/prijem');
  const socket = await opened;
  expect(new URL(socket.url()).host).toBe(new URL(page.url()).host);
  // The server's first frame (the Engine.IO open packet) arrives: the connection was allowed, not refused.
  await socket.waitForEvent('framereceived');
  expect(socket.isClosed()).toBe(false);
  expect(violations).toEqual([]);
});
