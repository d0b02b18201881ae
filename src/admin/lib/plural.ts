/** A count and its noun, singular for exactly one: '1 item', '3 items', '0 items' (#31). */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
