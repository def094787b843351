import { CODE128_QUIET_MODULES, labelLines, mmToDots, type LabelContent, type LabelSettings } from '@lis/domain';
import { code128Modules, moduleCount } from './barcode.ts';

/**
 * Field text for ^FH: '_' starts a hex escape, and '^' and '~' would start
 * commands, so those three are written as their UTF-8 hex bytes.
 */
export function zplFieldText(text: string): string {
  return text.replace(/[_^~]/g, (character) => `_${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The same label in ZPL II for Zebra printers: UTF-8 text (^CI28) with the
 * scalable font, and the code as ^BC Code128 in automatic subset mode, its
 * module width chosen so the symbol and quiet zones fit the label width.
 */
export function renderLabelZpl(content: LabelContent, settings: LabelSettings): string {
  const dots = (mm: number) => mmToDots(mm, settings.dpi);
  const width = dots(settings.width);
  const height = dots(settings.height);
  const margin = dots(2);
  const { name, info } = labelLines(content);
  const nameHeight = dots(3);
  const infoHeight = dots(2.5);
  const textHeight = dots(2.5);
  const modules = moduleCount(code128Modules(content.code));
  const moduleWidth = Math.max(1, Math.min(10, Math.floor((width - 2 * margin) / (modules + 2 * CODE128_QUIET_MODULES))));
  const barsTop = margin + nameHeight + infoHeight + dots(1);
  const barsHeight = Math.max(dots(5), height - barsTop - textHeight - margin - dots(0.5));
  const barsLeft = Math.max(0, Math.round((width - modules * moduleWidth) / 2));
  return [
    '^XA',
    '^CI28',
    `^PW${width}`,
    `^LL${height}`,
    '^LH0,0',
    `^FO${margin},${margin}^A0N,${nameHeight},${Math.round(nameHeight * 0.8)}^FH_^FD${zplFieldText(name)}^FS`,
    `^FO${margin},${margin + nameHeight}^A0N,${infoHeight},${Math.round(infoHeight * 0.8)}^FH_^FD${zplFieldText(info)}^FS`,
    `^FO${barsLeft},${barsTop}^BY${moduleWidth},3,${barsHeight}^BCN,${barsHeight},Y,N,N,A^FD${zplFieldText(content.code)}^FS`,
    '^PQ1',
    '^XZ',
    '',
  ].join('\n');
}
