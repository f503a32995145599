import {
  type BotQuestion,
  type BotQuestionBody,
  type BotQuestionList,
  type BotReply,
  type BotStatus,
  type botPreviewBody,
  conciergePaths,
} from '@posada/contracts/concierge';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

type BotPreviewBody = z.input<typeof botPreviewBody>;

/** Everything the editor reads of one property: its questions (both tabs, counts) and its status. */
export const knowledgeKey = (propertyId: string) => ['concierge', 'knowledge', propertyId] as const;

/** GET /api/concierge/{propertyId}/questions: every question (answered and pending) with both counts. */
export const questionsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: [...knowledgeKey(propertyId), 'questions'],
    queryFn: () => api.get<BotQuestionList>(conciergePaths.questions(propertyId)),
  });

/** GET /api/concierge/{propertyId}/status: what keeps the bot from answering (the banner). */
export const statusQuery = (propertyId: string) =>
  queryOptions({
    queryKey: [...knowledgeKey(propertyId), 'status'],
    queryFn: () => api.get<BotStatus>(conciergePaths.status(propertyId)),
  });

/** POST (id null) or PUT one question. */
export const saveQuestion = (propertyId: string, id: string | null, body: BotQuestionBody) =>
  id
    ? api.put<BotQuestion>(conciergePaths.question(propertyId, id), body)
    : api.post<BotQuestion>(conciergePaths.questions(propertyId), body);

/** POST …/image, multipart with one file `image`: answers the question with its image_url. */
export const uploadQuestionImage = (propertyId: string, id: string, file: File) => {
  const form = new FormData();
  form.append('image', file);
  return uploadWithProgress<BotQuestion>(
    conciergePaths.questionImage(propertyId, id),
    form,
    undefined,
    (status, code, message) => new ApiError(status, code, message ?? ''),
  );
};

export const deleteQuestionImage = (propertyId: string, id: string) =>
  api.delete<BotQuestion>(conciergePaths.questionImage(propertyId, id));

export function useInvalidateKnowledge(propertyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: knowledgeKey(propertyId) });
}

export function useDeleteQuestion(propertyId: string) {
  const invalidate = useInvalidateKnowledge(propertyId);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(conciergePaths.question(propertyId, id)),
    onSettled: invalidate,
  });
}

/** POST …/preview: what the bot would answer; nothing is sent or stored. */
export function usePreviewReply(propertyId: string) {
  return useMutation({
    mutationFn: (body: BotPreviewBody) => api.post<BotReply>(conciergePaths.preview(propertyId), body),
  });
}
