import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMOVED_FILE_UNDO_MS, type ChatMessage } from '@lis/domain';
import { type ChatHistory, messagesOf, withMessage } from './history.ts';
import { useDraftFiles } from './draft-files.ts';

const message = (id: string, tekst = id): ChatMessage => ({
  _id: id, tekst, autor: { _id: 'u1', ime: 'Tarik', prezime: 'Tehničar' }, created_at: '2026-11-24T07:00:00.000Z', prilozi: [],
});

describe('chat history in the query cache', () => {
  const history: ChatHistory = {
    pageParams: [undefined, 'm3'],
    pages: [
      { success: true, poruke: [message('m3'), message('m4')], starije: true },
      { success: true, poruke: [message('m1'), message('m2')], starije: false },
    ],
  };

  it('shows the pages oldest first', () => {
    expect(messagesOf(history).map((item) => item._id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('adds a live message once at the end, however often it arrives (answer and socket)', () => {
    const once = withMessage(history, message('m5'));
    expect(messagesOf(once).map((item) => item._id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(withMessage(once, message('m5'))).toBe(once);
    // Not loaded yet: nothing to add to, the first read brings it.
    expect(withMessage(undefined, message('m5'))).toBeUndefined();
  });
});

describe('files of a message being written', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

  it('drops a file of another format or above the limit and says why', () => {
    const { result } = renderHook(() => useDraftFiles(100, 'bs'));
    act(() => result.current.add([file('skripta.html'), file('velika.PDF', 101), file('Slika.PNG')]));
    expect(result.current.active.map((draft) => draft.file.name)).toEqual(['Slika.PNG']);
    expect(result.current.rejections).toHaveLength(2);
    expect(result.current.rejections[0]).toContain('Format nije podržan.');
    expect(result.current.rejections[1]).toBe('velika.PDF: 101 Bytes je više od dozvoljenih 100 Bytes.');
  });

  it('keeps a removed file restorable for 2 s, then removes it for good', () => {
    const { result } = renderHook(() => useDraftFiles(1000, 'bs'));
    act(() => result.current.add([file('a.png'), file('b.pdf')]));
    const [first, second] = result.current.items;
    act(() => result.current.remove(first!.key));
    expect(result.current.active.map((draft) => draft.file.name)).toEqual(['b.pdf']);
    expect(result.current.items).toHaveLength(2);
    act(() => { vi.advanceTimersByTime(REMOVED_FILE_UNDO_MS - 100); });
    act(() => result.current.restore(first!.key));
    act(() => { vi.advanceTimersByTime(1000); });
    expect(result.current.active.map((draft) => draft.file.name)).toEqual(['a.png', 'b.pdf']);

    act(() => result.current.remove(second!.key));
    act(() => { vi.advanceTimersByTime(REMOVED_FILE_UNDO_MS); });
    expect(result.current.items.map((draft) => draft.file.name)).toEqual(['a.png']);
  });
});
