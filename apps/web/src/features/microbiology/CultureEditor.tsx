/**
 * One culture test's culture as typed from the bench sheet: specimen, site of infection, urinary or not,
 * growth, the isolates (each with its antibiogram, IsolateEditor) and the save bar. Enter moves to the next
 * field, the organism and agent pickers search the reference tables as one types, Ctrl+S (or SAČUVAJ) saves
 * the culture with the version loaded; without the right to enter results, or on an approved or verified
 * sample, it is shown read-only.
 */
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type InfectionSite, CULTURE_LIMITS, INFECTION_SITES, sampleStatusLabelKey } from '@lis/domain';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { emptyIsolate } from './culture-draft.ts';
import { IsolateEditor } from './IsolateEditor.tsx';
import { type CultureEditorInput, useCultureEditor } from './use-culture-editor.ts';

export function CultureEditor({ answer, test, only }: CultureEditorInput) {
  const { t } = useTranslation();
  const naziv = useAssayName()(test);
  const { uzorak } = answer;
  const {
    draft, setDraft, saving, conflict, dirty, locked, mayWrite, editable, olderGuideline, formRef, saveRef,
    setIsolate, setRow, addRow, addIsolate, removeIsolate, pickOrganism, save, reload,
  } = useCultureEditor({ answer, test, only });

  return (
    <Paper
      component="form"
      ref={formRef}
      withBorder
      radius="md"
      p="md"
      noValidate
      aria-label={naziv}
      onKeyDown={moveOnEnter}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        saveRef.current?.focus();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">{naziv}</Title>
          <Text size="sm" data-testid="culture-result">{t('microbiology.result', { rezultat: test.rezultat ?? t('microbiology.noResult') })}</Text>
        </Group>
        {conflict ? (
          <Alert styles={READABLE_ALERT_STYLES} color="orange" role="alert">
            <Group gap="sm">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" onClick={() => void reload()}>
                {t('microbiology.reload')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {olderGuideline ? (
          <Alert styles={READABLE_ALERT_STYLES} color="blue">
            <Group gap="sm" justify="space-between">
              <Text size="sm">{t('microbiology.olderGuideline', olderGuideline)}</Text>
              {editable ? (
                <Button size="xs" variant="light" loading={saving} onClick={() => void save({ reinterpret: true })}>
                  {t('microbiology.reinterpret', { guideline: olderGuideline.newest })}
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {!mayWrite ? (
          <Alert styles={READABLE_ALERT_STYLES} color="gray">{t('microbiology.readOnly')}</Alert>
        ) : locked ? (
          <Alert styles={READABLE_ALERT_STYLES} color="blue">{t('microbiology.locked', { status: t(sampleStatusLabelKey(uzorak.status)) })}</Alert>
        ) : null}
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={t('microbiology.specimen')}
            value={draft.materijal}
            onChange={(event) => setDraft({ ...draft, materijal: event.currentTarget.value })}
            maxLength={CULTURE_LIMITS.materijal}
            readOnly={!editable}
            data-enter-next="materijal"
            w={260}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`growth-${test._id}`}>{t('microbiology.growth')}</Text>
            <SegmentedControl
              aria-labelledby={`growth-${test._id}`}
              value={draft.rast ? 'yes' : 'no'}
              onChange={(value) => setDraft({ ...draft, rast: value === 'yes', izolati: value === 'yes' && draft.izolati.length === 0 ? [emptyIsolate()] : draft.izolati })}
              data={[{ value: 'yes', label: t('microbiology.growthYes') }, { value: 'no', label: t('microbiology.growthNo') }]}
              readOnly={!editable}
            />
          </Stack>
          <NativeSelect
            label={t('microbiology.infectionSite')}
            data={INFECTION_SITES.map((site) => ({ value: site, label: t(`microbiology.site_${site || 'general'}`) }))}
            value={draft.infekcija}
            onChange={(event) => setDraft({ ...draft, infekcija: event.currentTarget.value as InfectionSite })}
            disabled={!editable}
            data-enter-next="infekcija"
            w={220}
          />
          <Checkbox
            label={t('microbiology.uti')}
            checked={draft.uti}
            onChange={(event) => setDraft({ ...draft, uti: event.currentTarget.checked })}
            disabled={!editable}
            mb={8}
          />
        </Group>
        <TextInput
          label={t('microbiology.remark')}
          value={draft.napomena}
          onChange={(event) => setDraft({ ...draft, napomena: event.currentTarget.value })}
          maxLength={CULTURE_LIMITS.napomena}
          readOnly={!editable}
          data-enter-next="napomena"
        />
        {draft.rast ? draft.izolati.map((isolate, index) => (
          <IsolateEditor
            key={isolate.key}
            isolate={isolate}
            n={index + 1}
            editable={editable}
            canRemove={draft.izolati.length > 1}
            onChange={(change) => setIsolate(isolate.key, change)}
            onOrganism={(option) => void pickOrganism(isolate.key, option)}
            onRow={(rowKey, change) => setRow(isolate.key, rowKey, change)}
            onAddRow={() => addRow(isolate.key)}
            onRemove={() => removeIsolate(isolate.key)}
          />
        )) : null}
        {draft.rast && editable && draft.izolati.length < CULTURE_LIMITS.isolates ? (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={addIsolate}
            >
              {t('microbiology.addIsolate')}
            </Button>
          </Group>
        ) : null}
        {editable ? (
          <Paper withBorder radius="md" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 3 }}>
            <Group justify="space-between" gap="sm">
              <Group gap={6} wrap="nowrap" aria-live="polite">
                {dirty ? <IconPointFilled size={18} color="var(--mantine-color-orange-6)" aria-hidden /> : null}
                <Text size="sm" c={dirty ? 'gray.9' : 'dimmed'} fw={dirty ? 600 : 400}>
                  {dirty ? t('microbiology.unsaved') : t('microbiology.saveShortcut')}
                </Text>
              </Group>
              <Button ref={saveRef} leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving} onClick={() => void save()} disabled={!dirty}>
                {t('common.save')}
              </Button>
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}
