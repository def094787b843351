import { describe, expect, it } from 'vitest';
import { CHAT_FILE_ACCEPT, chatFileTypeOfBytes, chatFileTypeOfName } from './files.ts';
import { chatTextToSend, isChatSendKey, isChatSendable } from './rules.ts';

describe('chat send rules', () => {
  it('does not send an empty or blank text, sends a file alone', () => {
    expect(isChatSendable('', 0)).toBe(false);
    expect(isChatSendable('  \n\t ', 0)).toBe(false);
    expect(isChatSendable('', 1)).toBe(true);
    expect(isChatSendable('Dobro jutro', 0)).toBe(true);
  });
  it('keeps inner lines and trims the ends', () => {
    expect(chatTextToSend('\n  prvi red\ndrugi red  \n')).toBe('prvi red\ndrugi red');
  });
  it('sends on Enter, not on Shift+Enter nor on an Enter that ends an input composition', () => {
    expect(isChatSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isChatSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isChatSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isChatSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});

describe('chat files', () => {
  it('filters by extension, case-insensitively', () => {
    expect(chatFileTypeOfName('Slika.PNG')).toBe('image/png');
    expect(chatFileTypeOfName('nalaz.Pdf')).toBe('application/pdf');
    expect(chatFileTypeOfName('foto.JPEG')).toBe('image/jpeg');
    expect(chatFileTypeOfName('stranica.html')).toBeNull();
    expect(chatFileTypeOfName('crtez.svg')).toBeNull();
    expect(chatFileTypeOfName('bez-ekstenzije')).toBeNull();
    expect(CHAT_FILE_ACCEPT).toBe('.png,.jpg,.jpeg,.gif,.webp,.pdf');
  });
  it('knows a type by its first bytes only', () => {
    expect(chatFileTypeOfBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(chatFileTypeOfBytes(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(chatFileTypeOfBytes(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(chatFileTypeOfBytes(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeNull();
    expect(chatFileTypeOfBytes(new Uint8Array())).toBeNull();
  });
});
