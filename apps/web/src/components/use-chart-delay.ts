import { useEffect, useState } from 'react';

/** Charts draw 600 ms after they are shown (the spec's chart delay): a dialog has finished opening and the chart measures its real size. */
export const CHART_DELAY_MS = 600;

/**
 * A chart on a screen of its own (the lab statistics, the refrigerators' statistics) waits only for the screen's
 * layout, not for a dialog's opening: recharts then measures the width it keeps, and the landing screen's first
 * chart comes 300 ms sooner.
 */
export const SCREEN_CHART_DELAY_MS = 300;

/** Whether the chart's delay has passed since the component was shown. */
export function useChartDelay(ms: number = CHART_DELAY_MS): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return ready;
}
