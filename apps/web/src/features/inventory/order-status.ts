import type { OrderStatus } from './api.ts';

/** Each order status's badge colour, as status colours go elsewhere: draft grey, sent blue, partly orange, received green, cancelled red. */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  nacrt: 'gray', poslana: 'blue', djelimicno: 'orange', primljena: 'green', otkazana: 'red',
};
