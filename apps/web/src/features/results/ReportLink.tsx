/**
 * The way from a verified sample's results to its report: a link to the report view (/nalazi/pregled/{id}),
 * so it also opens in a new tab. Shown once the report is issued (pdf_exists) to a user who may read reports.
 */
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActiveSession } from '../auth/index.ts';
import { reportViewPath } from '../nalazi/index.ts';
import type { ResultsShowAnswer } from './api.ts';

export function ReportLink({ answer }: { answer: ResultsShowAnswer }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  if (answer.status !== 'VERIFICIRAN' || !answer.uzorak.pdf_exists || !session.can('reports.read')) return null;
  return (
    <Button component={Link} to={reportViewPath(answer.uzorak._id)} variant="light" color="clinical" size="sm" leftSection={<IconFileTypePdf size={16} aria-hidden />}>
      {t('results.report')}
    </Button>
  );
}

