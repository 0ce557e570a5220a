/** A slice of a listing: rows to skip and to take. */
export interface PageWindow {
  skip: number;
  take: number;
}

export const MAX_PER_PAGE = 100;

/** skip/take for a 1-based page; callers outside the API get the same bounds the API enforces. */
export function toPageWindow(page: number, perPage: number): PageWindow {
  const take = Math.min(Math.max(Math.trunc(perPage) || 1, 1), MAX_PER_PAGE);
  const safePage = Math.max(Math.trunc(page) || 1, 1);
  return { skip: (safePage - 1) * take, take };
}

/** How many pages `total` rows make at `perPage`, at least one. */
export function countPages(total: number, perPage: number): number {
  return Math.max(Math.ceil(total / perPage), 1);
}
