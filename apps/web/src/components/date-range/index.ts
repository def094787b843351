export { DateRangePicker, formatDateRange, wholeDay, type DateRangePickerProps } from './DateRangePicker.tsx';
export { dateRangeMessages } from './messages.ts';
