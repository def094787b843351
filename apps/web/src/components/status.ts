/**
 * Sample status colours, one map for every screen:
 * ZAPRIMLJEN red (danger), U OBRADI orange (warning), REALIZOVAN cyan (info),
 * ODOBREN the primary blue, VERIFICIRAN the primary blue with a gold marker.
 * The colour roles come from SAMPLE_STATUS_STYLE in @lis/domain; this file
 * turns them into theme colours. Render a status with <StatusBadge status={uzorak.status} />.
 */
import type { MantineColor } from '@mantine/core';
import { SAMPLE_STATUSES, SAMPLE_STATUS_STYLE, sampleStatusLabelKey, type SampleStatus, type SampleStatusLabelKey } from '@lis/domain';

export type StatusRole = (typeof SAMPLE_STATUS_STYLE)[SampleStatus]['color'];

/** Theme colour of each role; 'clinical' is the primary colour (theme.ts). */
export const ROLE_COLORS: Record<StatusRole, MantineColor> = {
  danger: 'red',
  warning: 'orange',
  info: 'cyan',
  primary: 'clinical',
};

/** The gold of verified samples and of final reports. */
export const GOLD = '#e0a800';

export interface StatusColor {
  color: MantineColor;
  /** VERIFICIRAN carries a gold marker beside the primary colour. */
  gold: boolean;
  /** Catalogue key of the label. */
  labelKey: SampleStatusLabelKey;
}

export const SAMPLE_STATUS_COLORS = Object.fromEntries(SAMPLE_STATUSES.map((status) => [status, {
  color: ROLE_COLORS[SAMPLE_STATUS_STYLE[status].color],
  gold: SAMPLE_STATUS_STYLE[status].gold,
  labelKey: sampleStatusLabelKey(status),
}])) as Record<SampleStatus, StatusColor>;
