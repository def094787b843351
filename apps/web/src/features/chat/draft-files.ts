/**
 * The files of a message being written. A file is taken only when its name has an allowed extension
 * (case-insensitive) and it is not larger than the lab allows; the others are dropped and listed for the
 * rejection dialog. A file removed is shown struck through with 'Vrati' (restore) for 2 s, then truly removed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MAX_FILES, REMOVED_FILE_UNDO_MS, chatFileTypeOfName, formatFileSize, type Language } from '@lis/domain';
import { i18n } from '../../i18n/index.ts';
import { decimalMark } from '../../lib/format.ts';

export interface DraftFile {
  key: string;
  file: File;
  removed: boolean;
}

/** A size in the user's language: Bosnian and German write the decimal comma. */
export function sizeText(bytes: number, language: Language): string {
  return formatFileSize(bytes, decimalMark(language));
}

let draftCounter = 0;

export function useDraftFiles(maxBytes: number, language: Language) {
  const [items, setItems] = useState<DraftFile[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // The files as last rendered, so adding reads them without a state updater (which may run later, or twice).
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const add = useCallback((files: File[]) => {
    const problems: string[] = [];
    const taken = [...itemsRef.current];
    for (const file of files) {
      if (chatFileTypeOfName(file.name) === null) {
        problems.push(`${file.name}: ${i18n.t('chat.rejectedFormat')} ${i18n.t('chat.rejectedFormatHint')}`);
      } else if (file.size > maxBytes) {
        problems.push(i18n.t('chat.rejectedSize', { naziv: file.name, velicina: sizeText(file.size, language), max: sizeText(maxBytes, language) }));
      } else if (taken.filter((item) => !item.removed).length >= CHAT_MAX_FILES) {
        problems.push(`${file.name}: ${i18n.t('chat.rejectedCount', { max: CHAT_MAX_FILES })}`);
      } else {
        draftCounter += 1;
        taken.push({ key: `draft-${draftCounter}`, file, removed: false });
      }
    }
    setItems(taken);
    if (problems.length > 0) setRejections(problems);
  }, [maxBytes, language]);

  const remove = useCallback((key: string) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, removed: true } : item)));
    timers.current.set(key, setTimeout(() => {
      timers.current.delete(key);
      setItems((current) => current.filter((item) => !(item.key === key && item.removed)));
    }, REMOVED_FILE_UNDO_MS));
  }, []);

  const restore = useCallback((key: string) => {
    const timer = timers.current.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(key);
    setItems((current) => current.map((item) => (item.key === key ? { ...item, removed: false } : item)));
  }, []);

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setItems([]);
  }, []);

  return {
    items,
    active: items.filter((item) => !item.removed),
    rejections,
    add,
    remove,
    restore,
    clear,
    dismissRejections: () => setRejections([]),
  };
}
