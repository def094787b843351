import { configure } from '@testing-library/react';
// Every feature's text, as main.tsx registers it when the app starts.
import '../app/catalogues.ts';

// jsdom lacks what Mantine measures with; give it inert versions.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (typeof window.matchMedia !== 'function') window.matchMedia = (query: string): MediaQueryList => ({
  matches: false, media: query, onchange: null,
  addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
});
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};
// Mantine's autosize Textarea re-measures when web fonts finish loading (document.fonts), which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core machine a screen's first render with its
// fetched data can take longer, which failed tests at random. A missing element still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
