import type {
  EmbeddedSignupBody,
  EmbeddedSignupStart,
  MessageTemplate,
  QuickReplyBody,
  WhatsAppAccount,
} from '@posada/contracts/whatsapp';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const whatsappAccountKey = ['whatsapp', 'account'] as const;
export const whatsappTemplatesKey = ['whatsapp', 'templates'] as const;
export const quickRepliesKey = ['whatsapp', 'quick-replies'] as const;

/** GET /api/whatsapp/account: connected or not (spec 4), own or shared number, quality, limit, what is configured. */
export function whatsappAccountQuery() {
  return queryOptions({
    queryKey: whatsappAccountKey,
    queryFn: () => api.get<WhatsAppAccount>('/api/whatsapp/account'),
  });
}

/** GET /api/whatsapp/templates: the WABA's templates (only approved ones go out outside the 24-hour window). */
export function whatsappTemplatesQuery() {
  return queryOptions({
    queryKey: whatsappTemplatesKey,
    queryFn: () => api.get<MessageTemplate[]>('/api/whatsapp/templates'),
  });
}

export function quickRepliesQuery() {
  return queryOptions({
    queryKey: quickRepliesKey,
    queryFn: () => api.get<MessageTemplate[]>('/api/whatsapp/quick-replies'),
  });
}

/** Where Meta's dialog sends the operator back; the PIN chosen before leaving waits here (sessionStorage). */
export const SIGNUP_PIN_KEY = 'posada.whatsapp.signup-pin';

/** GET /api/whatsapp/embedded-signup/start: Meta's dialog URL with our app, configuration and signed state. */
export function useEmbeddedSignupStart() {
  return useMutation({
    mutationFn: () => api.get<EmbeddedSignupStart>('/api/whatsapp/embedded-signup/start'),
  });
}

function useAccountMutation<Vars>(call: (vars: Vars) => Promise<WhatsAppAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (account) => {
      queryClient.setQueryData(whatsappAccountKey, account);
      void queryClient.invalidateQueries({ queryKey: whatsappTemplatesKey });
    },
  });
}

/** POST /api/whatsapp/embedded-signup with the dialog's code and state. */
export const useEmbeddedSignup = () =>
  useAccountMutation((body: EmbeddedSignupBody) =>
    api.post<WhatsAppAccount>('/api/whatsapp/embedded-signup', body),
  );

/** POST /api/whatsapp/shared: the platform's number (accounts of up to 50 places). */
export const useSharedNumber = () =>
  useAccountMutation(() => api.post<WhatsAppAccount>('/api/whatsapp/shared'));

/** POST /api/whatsapp/disconnect */
export const useDisconnect = () =>
  useAccountMutation(() => api.post<WhatsAppAccount>('/api/whatsapp/disconnect'));

/** POST /api/whatsapp/templates/sync */
export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageTemplate[]>('/api/whatsapp/templates/sync'),
    onSuccess: (templates) => queryClient.setQueryData(whatsappTemplatesKey, templates),
  });
}

/** Quick replies: create (no id) or update (id), and delete. */
export function useSaveQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: QuickReplyBody }) =>
      id
        ? api.put<MessageTemplate>(`/api/whatsapp/quick-replies/${id}`, body)
        : api.post<MessageTemplate>('/api/whatsapp/quick-replies', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickRepliesKey }),
  });
}

export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/api/whatsapp/quick-replies/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickRepliesKey }),
  });
}
