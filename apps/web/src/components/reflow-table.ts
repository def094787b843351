/**
 * The narrow screen on which tables change shape rather than being cut off at the edge: a list's row actions
 * become one menu, a reflowing table stacks each row's cells (reflow-table.module.css, which repeats the width).
 */
export const REFLOW_QUERY = '(max-width: 640px)';
