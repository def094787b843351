/** The row under a list table: 'Prikazano 1–10 od 42' (or '10000+') and the page links, two each side of the current page. */
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageWindow, type Pagination } from '@lis/domain';

export interface ListPagerProps {
  pagination: Pagination | undefined;
  /** Nothing has arrived yet: the summary says it is loading. */
  firstLoad: boolean;
  onPage: (page: number) => void;
}

export function ListPager({ pagination, firstLoad, onPage }: ListPagerProps) {
  const { t: text } = useTranslation(undefined, { keyPrefix: 'listTable' });
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {firstLoad ? text('loading') : pagination && pagination.total > 0
          ? text('summary', { from: pagination.from ?? 0, to: pagination.to ?? 0, total: pagination.total_capped ? `${pagination.total}+` : pagination.total })
          : ''}
      </Text>
      {pagination && pagination.last_page > 1 ? (
        <PageLinks current={pagination.current_page} last={pagination.last_page} onPage={onPage} />
      ) : null}
    </Group>
  );
}

function PageLinks({ current, last, onPage }: { current: number; last: number; onPage: (page: number) => void }) {
  const { t: text } = useTranslation(undefined, { keyPrefix: 'listTable' });
  const edge = (label: string, page: number, icon: ReactNode) => (
    <ActionIcon variant="default" size="md" aria-label={label} disabled={page === current} onClick={() => onPage(page)}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label={text('pagination')} gap={4} wrap="nowrap">
      {edge(text('firstPage'), 1, <IconChevronsLeft size={16} aria-hidden />)}
      {edge(text('previousPage'), Math.max(1, current - 1), <IconChevronLeft size={16} aria-hidden />)}
      {pageWindow(current, last).map((page) => (
        <Button
          key={page}
          size="compact-sm"
          miw={32}
          variant={page === current ? 'filled' : 'default'}
          aria-label={text('page', { n: page })}
          aria-current={page === current ? 'page' : undefined}
          onClick={() => onPage(page)}
        >
          {page}
        </Button>
      ))}
      {edge(text('nextPage'), Math.min(last, current + 1), <IconChevronRight size={16} aria-hidden />)}
      {edge(text('lastPage'), last, <IconChevronsRight size={16} aria-hidden />)}
    </Group>
  );
}
