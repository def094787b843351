import bwipjs from 'bwip-js/node';

/**
 * The Code128 symbol of a text as alternating bar and space widths in
 * modules, starting with a bar (start character, data in the most compact
 * subsets, check character, stop). Both label renderers draw from it.
 */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('Code128 encoder returned no bars');
  return symbol.sbs;
}

export function moduleCount(widths: readonly number[]): number {
  return widths.reduce((total, width) => total + width, 0);
}
