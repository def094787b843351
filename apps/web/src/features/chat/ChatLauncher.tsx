/**
 * The chat's opener in the top bar, with the unread count of the current
 * site, and the chat window it opens (floating at the bottom right, so the
 * screen behind stays usable). It listens to the site's `chat:message` events
 * while the session is open: a new message joins the conversation if it is
 * loaded and counts as unread unless the reader is looking at the newest
 * message. Missed messages are read again on every socket (re)connect.
 */
import { useCallback, useRef, useState } from 'react';
import { ActionIcon, Affix, Indicator, Transition } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BYTES_PER_MB, CHAT_MESSAGE_EVENT, type ChatMessageEvent, type ChatUnreadAnswer, DEFAULT_CHAT_MAX_FILE_MB } from '@lis/domain';
import { useRealtimeEvent } from '../realtime/index.ts';
import { chatKeys, fetchUnread, markRead } from './api.ts';
import { type ChatHistory, withMessage } from './history.ts';
import { ChatPanel } from './ChatPanel.tsx';

export interface ChatLauncherProps {
  siteId: string;
  siteName: string;
  userId: string;
  canWrite: boolean;
}

function isChatEvent(payload: unknown): payload is ChatMessageEvent {
  return typeof payload === 'object' && payload !== null && 'poruka' in payload && 'site' in payload;
}

export function ChatLauncher({ siteId, siteName, userId, canWrite }: ChatLauncherProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const reading = useRef(false);
  const lastMarked = useRef<string | null>(null);
  // What is being written survives closing the window (per site: another site is another conversation).
  const drafts = useRef(new Map<string, string>());
  const unread = useQuery({ queryKey: chatKeys.unread(siteId), queryFn: ({ signal }) => fetchUnread(signal) });
  const count = unread.data?.neprocitano ?? 0;
  const maxBytes = unread.data?.max_velicina ?? DEFAULT_CHAT_MAX_FILE_MB * BYTES_PER_MB;

  useRealtimeEvent(CHAT_MESSAGE_EVENT, (payload) => {
    if (!isChatEvent(payload) || payload.site !== siteId) return;
    queryClient.setQueryData<ChatHistory>(chatKeys.history(siteId), (current) => withMessage(current, payload.poruka));
    if (payload.poruka.autor._id === userId || (opened && reading.current)) return;
    queryClient.setQueryData<ChatUnreadAnswer>(chatKeys.unread(siteId), (current) => (current ? { ...current, neprocitano: current.neprocitano + 1 } : current));
  });
  useRealtimeEvent('connect', () => {
    void queryClient.invalidateQueries({ queryKey: ['chat', siteId] });
  });

  const onRead = useCallback((messageId: string) => {
    if (lastMarked.current === messageId) return;
    lastMarked.current = messageId;
    markRead(messageId).then((answer) => {
      queryClient.setQueryData<ChatUnreadAnswer>(chatKeys.unread(siteId), (current) => (current ? { ...current, neprocitano: answer.neprocitano } : current));
    }, () => {
      // Not marked: the count stays, and the next message read marks again.
      lastMarked.current = null;
    });
  }, [queryClient, siteId]);

  const close = () => {
    setOpened(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={18} color="red" offset={4}>
        <ActionIcon
          ref={buttonRef}
          variant={opened ? 'light' : 'subtle'}
          color="gray"
          size="lg"
          aria-label={count > 0 ? t('openUnread', { count }) : t('open')}
          aria-expanded={opened}
          onClick={() => (opened ? close() : setOpened(true))}
        >
          <IconMessages size={22} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Transition mounted={opened} transition="slide-up" duration={200}>
          {(styles) => (
            <div style={styles}>
              <ChatPanel
                // Another site is another conversation: a fresh window with its own scroll state.
                key={siteId}
                siteId={siteId}
                siteName={siteName}
                userId={userId}
                canWrite={canWrite}
                maxBytes={maxBytes}
                readingRef={reading}
                onRead={onRead}
                draft={drafts.current.get(siteId) ?? ''}
                onDraftChange={(text) => drafts.current.set(siteId, text)}
                onClose={close}
              />
            </div>
          )}
        </Transition>
      </Affix>
    </>
  );
}
