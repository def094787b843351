/**
 * The staff chat window of the current site: the conversation (20rem high,
 * the spec's default), older messages loaded as the reader scrolls up, new
 * ones arriving over the socket, and the composer (Enter sends, Shift+Enter
 * starts a new line; images and PDFs attached, a removed file restorable for
 * 2 s). Nothing jumps: a new message moves the view only for a reader already
 * at the bottom (or its sender); an older page loaded above keeps what the
 * reader was looking at where it was.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  ActionIcon, Alert, Badge, Box, Button, CloseButton, FileButton, Group, Loader, Paper, Stack, Text, Textarea, Title, Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconDownload, IconFileTypePdf, IconMessages, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_ACCEPT, type ChatAttachment, type ChatMessage, isChatImage, isChatSendKey, isChatSendable } from '@lis/domain';
import { useFileUrl } from '../../api/use-file-url.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { useLanguage } from '../../i18n/index.ts';
import { formatDate, formatDateTime, formatTime } from '../../lib/date-time.ts';
import { downloadBlob } from '../../lib/download.ts';
import { chatKeys, fetchChatFile, fetchHistory, chatFile, sendMessage } from './api.ts';
import { type ChatHistory, messagesOf, withMessage } from './history.ts';
import { sizeText, useDraftFiles } from './draft-files.ts';
import { RejectedFilesDialog } from './RejectedFilesDialog.tsx';
import classes from './chat.module.css';

/** How close to the bottom (px) still counts as reading the newest message. */
const BOTTOM_SLACK_PX = 24;
/** How close to the top (px) loads the page before. */
const TOP_LOAD_PX = 48;

export interface ChatPanelProps {
  siteId: string;
  siteName: string;
  userId: string;
  canWrite: boolean;
  /** The largest file the lab allows (bytes). */
  maxBytes: number;
  /** True while the reader sees the newest message: the launcher then counts nothing as unread. */
  readingRef: RefObject<boolean>;
  /** The reader has seen everything up to this message. */
  onRead: (messageId: string) => void;
  /** The text being written, kept by the opener while the window is closed. */
  draft: string;
  onDraftChange: (text: string) => void;
  onClose: () => void;
}

export function ChatPanel({ siteId, siteName, userId, canWrite, maxBytes, readingRef, onRead, draft, onDraftChange, onClose }: ChatPanelProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const history = useInfiniteQuery({
    queryKey: chatKeys.history(siteId),
    queryFn: ({ pageParam, signal }) => fetchHistory(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.starije ? last.poruke[0]?._id : undefined),
  });
  const messages = useMemo(() => messagesOf(history.data), [history.data]);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ first?: string; last?: string; count: number; height: number }>({ count: 0, height: 0 });
  const [newBelow, setNewBelow] = useState(0);
  const lastId = messages.at(-1)?._id;

  // Where the view goes after the messages changed (before the browser paints, so nothing visibly jumps).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const first = messages[0]?._id;
    const previous = seen.current;
    if (previous.last === undefined) {
      list.scrollTop = list.scrollHeight;
    } else if (first !== previous.first && lastId === previous.last) {
      // An older page came in above: keep the message the reader was looking at in place.
      list.scrollTop += list.scrollHeight - previous.height;
    } else if (lastId !== previous.last) {
      const ownNewest = messages.at(-1)?.autor._id === userId;
      if (atBottom.current || ownNewest) {
        list.scrollTop = list.scrollHeight;
        setNewBelow(0);
      } else {
        setNewBelow((count) => count + Math.max(1, messages.length - previous.count));
      }
    }
    seen.current = { first, last: lastId, count: messages.length, height: list.scrollHeight };
  }, [messages, lastId, userId]);

  // Reading at the bottom marks the conversation read up to the newest message.
  useEffect(() => {
    readingRef.current = atBottom.current;
    if (lastId && atBottom.current) onRead(lastId);
  }, [lastId, onRead, readingRef]);
  useEffect(() => () => { readingRef.current = false; }, [readingRef]);

  useEffect(() => {
    if (canWrite) inputRef.current?.focus();
    else listRef.current?.focus();
  }, [canWrite]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    seen.current.height = list.scrollHeight;
    const bottom = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
    atBottom.current = bottom;
    readingRef.current = bottom;
    if (bottom) {
      setNewBelow(0);
      if (lastId) onRead(lastId);
    }
    if (list.scrollTop <= TOP_LOAD_PX && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
  };

  const toBottom = () => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    onScroll();
  };

  return (
    <Paper
      withBorder
      shadow="lg"
      radius="md"
      className={classes.panel}
      role="dialog"
      aria-modal={false}
      aria-labelledby="chat-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Group justify="space-between" wrap="nowrap" px="sm" py={8} className={classes.header}>
        <Group gap={8} wrap="nowrap" miw={0}>
          <IconMessages size={18} aria-hidden />
          <Title order={2} size="h5" id="chat-title" lineClamp={1}>{t('titleSite', { site: siteName })}</Title>
        </Group>
        <CloseButton aria-label={t('close')} onClick={onClose} />
      </Group>
      <Box pos="relative">
        <div ref={listRef} className={classes.list} onScroll={onScroll} role="log" aria-label={t('history')} tabIndex={0}>
          {history.isPending ? (
            <Group justify="center" h="100%"><Loader size="sm" aria-label={t('loadingOlder')} /></Group>
          ) : history.isError ? (
            <Alert styles={READABLE_ALERT_STYLES} color="red" m="sm">{t('loadFailed')}</Alert>
          ) : (
            <Stack gap={6} p="sm">
              {history.hasNextPage ? (
                <Button variant="subtle" size="compact-xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} mx="auto">
                  {t('loadOlder')}
                </Button>
              ) : messages.length > 0 ? <Text size="xs" c="dimmed" ta="center">{t('beginning')}</Text> : null}
              {messages.length === 0 ? <Text size="sm" c="dimmed" ta="center" mt="xl">{t('empty')}</Text> : null}
              {messages.map((message) => <MessageBubble key={message._id} message={message} own={message.autor._id === userId} />)}
            </Stack>
          )}
        </div>
        {newBelow > 0 ? (
          <Button
            size="compact-xs"
            radius="xl"
            className={classes.newBelow}
            leftSection={<IconArrowDown size={14} aria-hidden />}
            onClick={toBottom}
          >
            {t('newBelow', { count: newBelow })}
          </Button>
        ) : null}
      </Box>
      {canWrite ? (
        <Composer siteId={siteId} maxBytes={maxBytes} inputRef={inputRef} draft={draft} onDraftChange={onDraftChange} />
      ) : (
        <Text size="sm" c="dimmed" px="sm" py="xs" className={classes.footer}>{t('readOnly')}</Text>
      )}
    </Paper>
  );
}

function timeText(instant: string): string {
  return formatDate(instant) === formatDate(new Date()) ? formatTime(instant) : formatDateTime(instant);
}

function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const author = own ? t('you') : `${message.autor.ime} ${message.autor.prezime}`.trim();
  return (
    <Box className={own ? classes.own : classes.other} data-testid="chat-message">
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600}>{author}</Text>
        <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>{timeText(message.created_at)}</Text>
      </Group>
      {/* Plain text: React writes it as characters, so markup someone typed is shown, never run. */}
      {message.tekst !== '' ? <Text size="sm" className={classes.text}>{message.tekst}</Text> : null}
      {message.prilozi.length > 0 ? (
        <Stack gap={4} mt={4} aria-label={t('attachments')}>
          {message.prilozi.map((file) => <Attachment key={file._id} file={file} />)}
        </Stack>
      ) : null}
    </Box>
  );
}

function Attachment({ file }: { file: ChatAttachment }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const language = useLanguage();
  const size = sizeText(file.velicina, language);
  const download = async () => {
    try {
      downloadBlob(await fetchChatFile(file._id), file.naziv);
    } catch (error) {
      notify.apiError(error);
    }
  };
  return (
    <Stack gap={2} align="flex-start">
      {isChatImage(file.tip) ? <ChatImage file={file} /> : null}
      <Button
        variant="light"
        size="compact-xs"
        color="gray"
        c="dark.7"
        leftSection={isChatImage(file.tip) ? <IconDownload size={14} aria-hidden /> : <IconFileTypePdf size={14} aria-hidden />}
        aria-label={t('download', { naziv: file.naziv, velicina: size })}
        onClick={() => void download()}
        maw="100%"
      >
        <Text span size="xs" truncate>{`${file.naziv} · ${size}`}</Text>
      </Button>
    </Stack>
  );
}

/** An image attachment as a thumbnail of fixed height, so its loading moves nothing around it. */
function ChatImage({ file }: { file: ChatAttachment }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const image = useFileUrl(chatFile(file._id));
  return (
    <Box className={classes.thumb}>
      {image.state === 'ready' ? <img src={image.url} alt={t('imageAlt', { naziv: file.naziv })} className={classes.thumbImage} /> : null}
    </Box>
  );
}

interface ComposerProps {
  siteId: string;
  maxBytes: number;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  draft: string;
  onDraftChange: (text: string) => void;
}

function Composer({ siteId, maxBytes, inputRef, draft, onDraftChange }: ComposerProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [text, setTextState] = useState(draft);
  const setText = (value: string) => {
    setTextState(value);
    onDraftChange(value);
  };
  const drafts = useDraftFiles(maxBytes, language);
  const send = useMutation({
    mutationFn: () => sendMessage(text, drafts.active.map((draft) => draft.file)),
    onSuccess: (message) => {
      setText('');
      drafts.clear();
      queryClient.setQueryData<ChatHistory>(chatKeys.history(siteId), (current) => withMessage(current, message));
      inputRef.current?.focus();
    },
    onError: (error) => notify.apiError(error),
  });
  const sendable = isChatSendable(text, drafts.active.length) && !send.isPending;
  const submit = () => {
    if (sendable) send.mutate();
  };

  return (
    <Box className={classes.footer} px="sm" py={8}>
      {drafts.items.length > 0 ? (
        <Group gap={6} mb={6} aria-label={t('attachments')} role="list">
          {drafts.items.map((draft) => (
            <Badge
              key={draft.key}
              role="listitem"
              variant={draft.removed ? 'outline' : 'light'}
              color="gray"
              c="dark.7"
              tt="none"
              size="lg"
              radius="sm"
              maw="100%"
              className={draft.removed ? classes.removed : undefined}
              rightSection={draft.removed ? (
                <Button size="compact-xs" variant="subtle" onClick={() => drafts.restore(draft.key)}>{t('restore')}</Button>
              ) : (
                <CloseButton size="xs" aria-label={t('remove', { naziv: draft.file.name })} onClick={() => drafts.remove(draft.key)} />
              )}
            >
              <Text span size="xs" td={draft.removed ? 'line-through' : undefined}>
                {draft.removed ? t('removed', { naziv: draft.file.name }) : `${draft.file.name} · ${sizeText(draft.file.size, language)}`}
              </Text>
            </Badge>
          ))}
        </Group>
      ) : null}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <FileButton multiple accept={CHAT_FILE_ACCEPT} onChange={drafts.add}>
          {(props) => (
            <Tooltip label={t('attach')}>
              <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label={t('attach')}>
                <IconPaperclip size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          ref={inputRef}
          aria-label={t('input')}
          placeholder={t('placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (!isChatSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
            // Enter never types a line break here: it sends, and an empty message is simply not sent.
            event.preventDefault();
            submit();
          }}
          autosize
          minRows={1}
          maxRows={4}
          style={{ flex: 1 }}
        />
        <ActionIcon size="lg" aria-label={t('send')} onClick={submit} disabled={!sendable} loading={send.isPending}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <RejectedFilesDialog rejections={drafts.rejections} onClose={drafts.dismissRejections} />
    </Box>
  );
}
