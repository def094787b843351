/**
 * On the result entry: what the autoverification rules said of the sample. Released: who verified it; held: each
 * result's failed conditions, named in the reader's language, so the specialist sees at once what to look at.
 * Nothing while the rules never judged the sample.
 */
import { Alert, List, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { autoverificationKeys, readSampleJudgement } from './api.ts';

export interface JudgementNoteProps {
  sampleId: string;
  /** The sample's version the screen shows: a new version reads the judgement again. */
  version: number;
  /** The sample's tests, to name each result by its code. */
  tests: readonly { _id: string; sifra: string }[];
}

export function JudgementNote({ sampleId, version, tests }: JudgementNoteProps) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: [...autoverificationKeys.sample(sampleId), version], queryFn: ({ signal }) => readSampleJudgement(sampleId, signal) });
  const presuda = query.data?.presuda;
  if (!presuda) return null;
  const codeOf = new Map(tests.map((test) => [test._id, test.sifra]));
  const failed = presuda.rezultati.filter((result) => result.neuspjesno.length > 0);
  return (
    <Alert
      color={presuda.pusten ? 'teal' : 'yellow'} icon={<IconRobot size={18} />} styles={READABLE_ALERT_STYLES} data-testid="av-judgement"
      title={t('autoverification.judgement', { name: presuda.naziv, version: presuda.verzija })}
    >
      {presuda.pusten ? <Text size="sm">{t('autoverification.judgementReleased')}</Text> : (
        <>
          <Text size="sm">{t('autoverification.judgementHeld')}</Text>
          <List size="sm">
            {failed.map((result) => (
              <List.Item key={result.test}>
                <Text span fw={600}>{codeOf.get(result.test) ?? ''}</Text>: {result.neuspjesno.map((failure) => t(`autoverification.failure.${failure.code}`)).join(', ')}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {presuda.zastarjela ? <Text size="xs" c="dimmed" mt={4}>{t('autoverification.judgementStale')}</Text> : null}
    </Alert>
  );
}
