/**
 * Enter moves to the next field of a form, the way a reception desk types
 * (and a barcode scanner ends what it types with Enter). Fields take part
 * with `data-enter-next="<group>"`; the radios of one choice share a group and
 * count as one stop. Enter in the last field submits the form.
 *
 *   <form onKeyDown={moveOnEnter} ...>
 *     <TextInput data-enter-next="ime" ... />
 */
import type { KeyboardEvent } from 'react';

const FIELD_SELECTOR = '[data-enter-next]';

function isUsable(element: HTMLElement): boolean {
  return !(element as HTMLInputElement).disabled && element.getAttribute('aria-disabled') !== 'true';
}

/** A radio group is entered at its ticked radio, or its first one. */
function entryPoint(fields: HTMLElement[], start: number): HTMLElement {
  const first = fields[start]!;
  const group = first.dataset.enterNext;
  if (!(first instanceof HTMLInputElement) || first.type !== 'radio') return first;
  const checked = fields.slice(start).find((field) => field.dataset.enterNext === group && (field as HTMLInputElement).checked);
  return checked ?? first;
}

/** The next field after `current` (another group), or null when `current` is the last. */
export function nextField(form: HTMLElement, current: HTMLElement): HTMLElement | null {
  const fields = [...form.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].filter(isUsable);
  const index = fields.indexOf(current);
  if (index < 0) return null;
  const group = current.dataset.enterNext;
  const next = fields.findIndex((field, position) => position > index && field.dataset.enterNext !== group);
  return next < 0 ? null : entryPoint(fields, next);
}

export function moveOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.defaultPrevented || event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (!target.matches(FIELD_SELECTOR)) return;
  event.preventDefault();
  const next = nextField(event.currentTarget, target);
  if (next) next.focus();
  else event.currentTarget.requestSubmit();
}
