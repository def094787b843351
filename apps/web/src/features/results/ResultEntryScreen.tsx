/**
 * /obrada/rezultati/{patient}/{id}?date=: result entry for one sample.
 *
 * The header says whose sample it is (name, ID, age, sex), its code, status,
 * urgent star and date. Below it the sample's tests section by section, typed
 * from a printout: Enter moves to the next result, the flag follows the value
 * as it is typed, and Ctrl+S (or SAČUVAJ) saves every changed value with the
 * version that was loaded. A stale version (another person saved first) is
 * refused by the server and nothing is overwritten: the screen says so and
 * offers to reload. After an unlock, changing a released value asks for the
 * reason before the save goes through. The flag follows the critical limits
 * too (LL/HH as typed), and a save that stored a critical value says so in a
 * red alert that stays. A verified sample is titled as such, links to its
 * report, and offers 'Ispravi' (use-correction.tsx): one reason, one call.
 *
 * The action bar holds the comment, the audit trail, the multi-sample save
 * and the status actions, each only when the sample's status (`actions` of
 * the answer) and the user's permissions allow it: a read-only user sees the
 * results and their history, and no control that writes.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconChartLine, IconDeviceFloppy, IconHistory, IconMessage, IconPointFilled } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type QualitativeReading, approveRefusal, isSampleLocked, sampleStatusLabelKey } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { serverMessage } from '../../i18n/index.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { useActiveSession } from '../auth/index.ts';
import { ResultMultiDialog, evaluationPath } from '../evaluation/index.ts';
import { JudgementNote } from '../autoverification/index.ts';
import { reflexNoteText } from '../reflex/index.ts';
import { CultureLink } from '../microbiology/index.ts';
import { type ResultTest, type ResultsShowAnswer, resultKeys, saveResults, showResults } from './api.ts';
import { notifyCriticalSaved } from './critical-alert.tsx';
import { ReportLink } from './ReportLink.tsx';
import { resultScreenTitleKey } from './screen-title.ts';
import { useCorrection } from './use-correction.tsx';
import { AuditTrailDialog } from './AuditTrailDialog.tsx';
import { CommentDialog } from './CommentDialog.tsx';
import { MultiSampleSave } from './MultiSampleSave.tsx';
import { QualitativeDialog } from './QualitativeField.tsx';
import { LabelReprint } from './LabelReprint.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { ResultRowTools } from './ResultRowTools.tsx';
import { withRetestAnswers } from './retest.ts';
import { ResultTable } from './ResultTable.tsx';
import { SampleHeader } from './SampleHeader.tsx';
import { type StatusAction, STATUS_ACTION_ORDER, offersStatusAction, useResultRights } from './result-rights.ts';
import {
  type Drafts, type ResultEntry, changedResults, criticalEntries, draftsAfterSave, entryOrder, everyTestHasResult, sectionsOf, shownText, valueProblem,
} from './result-values.ts';
import { sampleDay } from './sample-day.ts';
import { useStatusActions } from './use-status-actions.tsx';

/** Where the processing list lives: the way back from result entry. */
const PROCESSING_LIST_PATH = '/obrada/pregled';

export function ResultEntryScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const results = useQuery({
    queryKey: resultKeys.show(id),
    queryFn: ({ signal }) => showResults(id, signal),
    enabled: id !== '',
  });
  const notFound = results.error instanceof ApiError && (results.error.status === 404 || results.error.status === 400);
  const canSave = useResultRights().save;

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{t(resultScreenTitleKey(results.data, canSave))}</Title>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate(PROCESSING_LIST_PATH)}>
          {t('results.back')}
        </Button>
      </Group>
      {notFound ? (
        <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('results.notFound')}</Alert>
      ) : results.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('results.loadFailed')}</Alert>
      ) : results.data ? (
        // Another sample (the route's id changed) starts afresh: no drafts, conflict or focus carried over.
        <ResultEntry key={results.data.uzorak._id} answer={results.data} />
      ) : (
        <Stack gap="md" aria-busy aria-label={t('common.loading')}>
          <Skeleton h={88} radius="md" />
          <Skeleton h={360} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

interface Conflict {
  message: string;
  /** What the person typed and the server did not take, so it can be entered again after the reload. */
  unsaved: string;
}

function ResultEntry({ answer }: { answer: ResultsShowAnswer }) {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const rights = useResultRights();
  const { uzorak } = answer;
  const sid = uzorak._id;
  const [drafts, setDrafts] = useState<Drafts>({});
  const [saving, setSaving] = useState(false);
  // What the reflex rules did with the last save's results (a test added, or why not), shown until the next save.
  const [reflexLines, setReflexLines] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [askReason, setAskReason] = useState(false);
  const [commentOpen, setCommentOpen] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The evaluation screen is for editors only (access level below 1); the dialog is for everyone who sees results.
  const canEvaluate = !useActiveSession().readOnly;
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<{ test: ResultTest; reading: QualitativeReading } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: resultKeys.sample(sid) }), [queryClient, sid]);
  const statusActions = useStatusActions({ sid, code: uzorak.code });
  const correction = useCorrection({
    answer, rights, onCancel: () => setDrafts({}), onCorrected: (entries) => setDrafts((current) => draftsAfterSave(current, entries)),
  });

  const sections = useMemo(() => sectionsOf(answer.tests), [answer.tests]);
  const locked = isSampleLocked(answer.status);
  const editable = (rights.save && answer.actions.includes('save')) || correction.active;
  const changes = withRetestAnswers(answer.tests, drafts, changedResults(answer.tests, drafts));
  const dirty = changes.length > 0;
  const day = sampleDay(searchParams.get('date'), uzorak.created_at);

  const setDraft = useCallback((testId: string, text: string) => setDrafts((current) => ({ ...current, [testId]: text })), []);

  const save = async (razlog?: string): Promise<boolean> => {
    if (saving) return false;
    const entries: ResultEntry[] = withRetestAnswers(answer.tests, drafts, changedResults(answer.tests, drafts));
    if (entries.length === 0) {
      notify.warning(t('results.nothingToSave'));
      return true;
    }
    const wrong = entryOrder(answer.tests).find((test) => valueProblem(test, drafts) !== null);
    if (wrong) {
      notify.warning(t('results.fixValues'));
      formRef.current?.querySelector<HTMLElement>(`[data-enter-next="${CSS.escape(wrong._id)}"]`)?.focus();
      return false;
    }
    if (correction.active) {
      correction.submit(entries);
      return true;
    }
    setSaving(true);
    try {
      const saved = await saveResults({ sid, version: answer.version, rezultati: entries, ...(razlog ? { razlog } : {}) });
      setReflexLines(saved.refleks.map((note) => reflexNoteText(t, note, nameOf(note))));
      await refresh();
      setDrafts((current) => draftsAfterSave(current, entries));
      setConflict(null);
      const critical = criticalEntries(answer.tests, entries);
      if (critical.length > 0) notifyCriticalSaved(critical);
      else notify.success(t('results.saved'));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'results.reasonRequired' && !razlog) {
        setAskReason(true);
      } else if (error instanceof ApiError && error.status === 409 && error.code === 'results.versionConflict') {
        const byId = new Map(answer.tests.map((test) => [test._id, test]));
        setConflict({
          message: serverMessage(error),
          unsaved: entries.map((entry) => `${nameOf(byId.get(entry.test) ?? { naziv: '' })} ${entry.rezultat || t('results.noResult')}`).join(', '),
        });
      } else {
        notify.apiError(error);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  // Ctrl+S (Cmd+S) saves from anywhere on the screen instead of the browser's "save page".
  const saveFromShortcut = useEffectEvent(() => void save());
  useEffect(() => {
    if (!editable) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        // In a dialog (comment, reason …) the shortcut is not the results' SAČUVAJ; only the browser's page save is kept off.
        if (event.target instanceof Element && event.target.closest('[role="dialog"]')) {
          event.preventDefault();
          return;
        }
        event.preventDefault();
        saveFromShortcut();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editable]);

  // The cursor starts in the first result still missing, as the printout is typed top to bottom.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !editable || !formRef.current) return;
    focused.current = true;
    const fields = [...formRef.current.querySelectorAll<HTMLElement>('[data-result-input]')];
    const empty = entryOrder(answer.tests).filter((test) => !test.calculated && !test.rezultat).map((test) => test._id);
    const first = fields.find((field) => empty.includes(field.dataset.enterNext ?? '')) ?? fields[0];
    first?.focus();
  }, [editable, answer.tests]);

  // Leaving with unsaved results asks first (a closed tab too); a session that ended leaves at once.
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    dirty && currentLocation.pathname !== nextLocation.pathname && sessionStore.get().status !== 'anonymous');
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const reload = async () => {
    setDrafts({});
    setConflict(null);
    await refresh();
  };

  return (
    <>
      <SampleHeader answer={answer} />
      <JudgementNote sampleId={answer.uzorak._id} version={answer.version} tests={answer.tests} />
      {reflexLines.length > 0 ? (
        <Alert styles={READABLE_ALERT_STYLES} color="grape" mb="xs" withCloseButton onClose={() => setReflexLines([])} data-testid="reflex-notes">
          {reflexLines.map((line) => <div key={line}>{line}</div>)}
        </Alert>
      ) : null}
      <StatusBar
        answer={answer}
        dirty={dirty}
        busy={statusActions.busy}
        onAction={(action) => void statusActions.run(action)}
        onComment={() => setCommentOpen(true)}
        onAudit={() => setAuditOpen(true)}
        onHistory={() => setHistoryOpen(true)}
        multi={editable && !correction.active ? <MultiSampleSave answer={answer} drafts={drafts} day={day} /> : null}
        extra={<><ReportLink answer={answer} />{correction.button}</>}
        // While a correction is under way its own save ends it: no unlock beside it.
        statusActions={!correction.active}
      />
      {correction.banner}
      {conflict ? (
        <Alert
          styles={READABLE_ALERT_STYLES}
          color="orange"
          title={t('results.conflictTitle')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict.message}</Text>
            {conflict.unsaved ? <Text size="sm">{t('results.conflictUnsaved', { values: conflict.unsaved })}</Text> : null}
            <Button size="xs" onClick={() => void reload()}>{t('results.reload')}</Button>
          </Stack>
        </Alert>
      ) : null}
      {!rights.save ? (
        <Alert styles={READABLE_ALERT_STYLES} color="gray">{t('results.readOnly')}</Alert>
      ) : locked && !correction.active ? (
        <Alert styles={READABLE_ALERT_STYLES} color="blue">{t('results.locked', { status: t(sampleStatusLabelKey(answer.status)) })}</Alert>
      ) : null}
      <Paper
        component="form"
        ref={formRef}
        withBorder
        radius="md"
        p={0}
        noValidate
        aria-label={t('results.resultsTable', { code: uzorak.code })}
        onKeyDown={moveOnEnter}
        onSubmit={(event: React.FormEvent) => {
          // Enter after the last result lands on SAČUVAJ: one more Enter saves.
          event.preventDefault();
          saveRef.current?.focus();
        }}
      >
        <ResultTable
          sid={sid}
          code={uzorak.code}
          sections={sections}
          drafts={drafts}
          editable={editable}
          onChange={setDraft}
          onChoose={(test, reading) => setChoosing({ test, reading })}
          rowTools={(test) => <ResultRowTools answer={answer} test={test} canEnter={rights.save} onChanged={refresh} />}
        />
      </Paper>
      {editable ? (
        <Paper withBorder radius="md" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 3 }}>
          <Group justify="space-between" gap="sm">
            <Group gap={6} wrap="nowrap" aria-live="polite">
              {dirty ? <IconPointFilled size={18} color="var(--mantine-color-orange-6)" aria-hidden /> : null}
              {/* Near-black text: orange text on white stays below AA contrast; the dot carries the colour. */}
              <Text size="sm" c={dirty ? 'gray.9' : 'dimmed'} fw={dirty ? 600 : 400}>
                {dirty ? t('results.unsaved', { n: changes.length }) : t('results.saveShortcut')}
              </Text>
            </Group>
            <Button
              ref={saveRef}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={saving || correction.busy}
              onClick={() => void save()}
              disabled={!dirty}
              title={t('results.saveShortcut')}
            >
              {correction.active ? t('results.correctSave') : t('common.save')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {choosing ? (
        <QualitativeDialog
          test={choosing.test}
          initial={choosing.reading}
          canClear={shownText(choosing.test, drafts) !== ''}
          onClose={() => setChoosing(null)}
          onConfirm={(text) => {
            setDraft(choosing.test._id, text);
            setChoosing(null);
          }}
        />
      ) : null}
      <ReasonDialog
        opened={askReason}
        title={t('results.reasonTitle')}
        intro={t('results.reasonIntro')}
        onClose={() => setAskReason(false)}
        onConfirm={async (razlog) => {
          if (!(await save(razlog))) throw new Error('not saved');
        }}
      />
      <CommentDialog sid={sid} opened={commentOpen} onClose={() => setCommentOpen(false)} readOnly={!answer.actions.includes('comment')} />
      <AuditTrailDialog sid={sid} opened={auditOpen} onClose={() => setAuditOpen(false)} />
      <ResultMultiDialog
        patientId={answer.uzorak.pid}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onOpenEvaluation={canEvaluate ? () => void navigate(evaluationPath(answer.uzorak.pid)) : undefined}
      />
      {statusActions.dialogs}
      {correction.dialogs}
      <AppDialog opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('results.leaveTitle')} force>
        <Stack gap="md">
          <Text size="sm">{t('results.leaveText', { n: changes.length })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>{t('common.cancel')}</Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>{t('results.leave')}</Button>
          </Group>
        </Stack>
      </AppDialog>
    </>
  );
}

interface StatusBarProps {
  answer: ResultsShowAnswer;
  dirty: boolean;
  busy: StatusAction | null;
  onAction: (action: StatusAction) => void;
  onComment: () => void;
  onAudit: () => void;
  /** Opens the patient's results over time (the result-multi dialog). */
  onHistory: () => void;
  multi: React.ReactNode;
  /** The report of a verified sample and the one-act correction, beside the status actions. */
  extra?: React.ReactNode;
  /** Offer the status actions (false while a correction is under way). */
  statusActions?: boolean;
}

const ACTION_LABELS = { check: 'approve', undo: 'unapprove', verify: 'verify', unlock: 'unlock' } as const;
/** Colours with AA contrast for their text: white on the dark filled shades, near-black or dark red on the light tints. */
const ACTION_STYLES = {
  check: { color: 'teal.9', variant: 'filled', text: undefined },
  undo: { color: 'orange', variant: 'light', text: 'gray.9' },
  verify: { color: 'clinical', variant: 'filled', text: undefined },
  unlock: { color: 'red', variant: 'light', text: 'red.9' },
} as const;

/** Comment, history, multi-sample save, and the status actions the sample's status and the user's rights allow. */
function StatusBar({ answer, dirty, busy, onAction, onComment, onAudit, onHistory, multi, extra, statusActions = true }: StatusBarProps) {
  const { t } = useTranslation();
  const rights = useResultRights();
  const offered = statusActions ? STATUS_ACTION_ORDER.filter((action) => offersStatusAction(action, answer.actions, rights)) : [];
  const incomplete = !everyTestHasResult(answer.tests) || approveRefusal(answer.status)?.code === 'results.incomplete';

  /** Why the action cannot be taken now, or null. */
  const blocked = (action: StatusAction): string | null => {
    if (action === 'check' && incomplete) return t('results.incomplete');
    if ((action === 'check' || action === 'verify') && dirty) return t('results.saveFirst');
    return null;
  };

  return (
    <Paper withBorder radius="md" p="sm" role="toolbar" aria-label={t('results.statusActions')}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Button variant="default" size="sm" leftSection={<IconMessage size={16} aria-hidden />} onClick={onComment}>{t('results.comment')}</Button>
          <Button variant="default" size="sm" leftSection={<IconHistory size={16} aria-hidden />} onClick={onAudit}>{t('results.auditTrail')}</Button>
          <Button variant="default" size="sm" leftSection={<IconChartLine size={16} aria-hidden />} onClick={onHistory}>{t('results.patientHistory')}</Button>
          <CultureLink sid={answer.uzorak._id} />
          <LabelReprint sid={answer.uzorak._id} patientId={answer.uzorak.pid} createdAt={answer.uzorak.created_at} />
          {multi}
        </Group>
        {offered.length > 0 || extra ? (
          <Group gap="xs">
            {extra}
            {offered.map((action) => {
              const reason = blocked(action);
              const button = (
                <Button
                  size="sm"
                  color={ACTION_STYLES[action].color}
                  variant={ACTION_STYLES[action].variant}
                  c={ACTION_STYLES[action].text}
                  loading={busy === action}
                  // aria-disabled keeps the button focusable, so its tooltip tells why it cannot be used.
                  data-disabled={reason !== null || undefined}
                  aria-disabled={reason !== null || undefined}
                  onClick={(event) => {
                    if (reason !== null) event.preventDefault();
                    else onAction(action);
                  }}
                >
                  {t(`results.${ACTION_LABELS[action]}`)}
                </Button>
              );
              return <Tooltip key={action} label={reason ?? ''} disabled={reason === null}>{button}</Tooltip>;
            })}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
