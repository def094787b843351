/**
 * The way from a sample's result entry to its culture screen: a button shown only when the sample has a
 * culture test (a test of a microbiology section), so other samples' screens stay as they are.
 */
import { useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { IconMicroscope } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCultures, microbiologyKeys } from './api.ts';

/** The culture screen of a sample. */
export function culturePath(sampleId: string): string {
  return `/mikrobiologija/kultura/${encodeURIComponent(sampleId)}`;
}

export function CultureLink({ sid }: { sid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasCultures = useQuery({
    queryKey: microbiologyKeys.hasCultures(sid),
    queryFn: async ({ signal }) => (await getCultures(sid, signal)).testovi.length > 0,
    staleTime: 5 * 60_000,
  });
  if (!hasCultures.data) return null;
  return (
    <Button variant="default" size="sm" leftSection={<IconMicroscope size={16} aria-hidden />} onClick={() => void navigate(culturePath(sid))}>
      {t('microbiology.openCulture')}
    </Button>
  );
}
