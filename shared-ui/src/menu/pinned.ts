import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../runtime/api.js';

/** A pinned dashboard card; card_name is the route path the card opens. */
export interface PinnedCard {
  id?: number;
  user_id: number | string;
  card_name: string;
  pinned: boolean;
}

const pinnedKey = (userId: number | string | undefined) => ['pinned', String(userId)] as const;

export function usePinnedCards(userId: number | string | undefined) {
  return useQuery({
    queryKey: pinnedKey(userId),
    queryFn: () => api.get<{ data: PinnedCard[] }>(`/api/pinned/${encodeURIComponent(String(userId))}`).then((r) => r.data),
    enabled: userId !== undefined,
  });
}

/** The set of pinned route paths. */
export const pinnedPaths = (cards: PinnedCard[] | undefined) => new Set((cards ?? []).filter((c) => c.pinned).map((c) => c.card_name));

export function useTogglePin(userId: number | string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: { card_name: string; pinned: boolean }) => api.put('/api/pinned/update', { user_id: userId, ...card }),
    onSuccess: () => client.invalidateQueries({ queryKey: pinnedKey(userId) }),
  });
}
