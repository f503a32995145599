import { ASSISTANT_DISCLOSURE, ESCALATION_REPLY } from '@posada/domain/concierge';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { testDbKind } from '../../test/test-app.ts';
import { ANA, BRUNO, type ConciergeTest, startConcierge } from './concierge.test-setup.ts';

/**
 * The concierge answering guests on WhatsApp, end to end (concierge.test-setup.ts): a signed webhook
 * through the fake Cloud API → the bot's reply at the fake; the operator's words and image, the guest's
 * language, the escalation (pending question and bot notification), the spec 5 gate, a paused chat.
 */
describe(`concierge answering on ${testDbKind}`, () => {
  let c: ConciergeTest;
  beforeAll(async () => {
    c = await startConcierge('concierge-answering-');
  }, 180_000);
  afterAll(() => c?.close());

  const botNotifications = async () =>
    c.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, c.accountA), eq(notifications.kind, 'bot')));

  it("answers with the operator's own words, telling the guest first that it is an assistant", async () => {
    const reply = await c.anaAsks('Hola, ¿cuál es la contraseña del wifi?');
    expect(reply?.type).toBe('text');
    expect(reply?.text).toBe(`${ASSISTANT_DISCLOSURE.es}\n\nLa contraseña del wifi es Encinas2026.`);
    const chat = await c.chatOf(c.accountA);
    expect(chat).toMatchObject({
      propertyId: c.propertyA,
      phoneNumber: ANA,
      guestName: 'Ana',
      checkinId: c.checkinA,
      hasNewMessage: true,
      pausedAt: null,
    });
    expect(chat?.lastInboundAt).not.toBeNull();
    const lines = await c.linesOf(chat?.id as string);
    expect(lines.map((l) => l.role)).toEqual(['guest', 'bot']);
    expect(lines[1]).toMatchObject({ outcome: 'answered', source: c.questions.wifi, engine: 'embedded' });
  });

  it('sends the answer image as WhatsApp media with the text as caption, without the disclosure again', async () => {
    const reply = await c.anaAsks('¿Dónde puedo aparcar?');
    expect(reply?.type).toBe('image');
    expect(reply?.media_id).toBeTruthy();
    expect(reply?.text).toBe('Puedes aparcar en la plaza 12 del garaje (mira la foto).');
  });

  it("answers in the guest's language", async () => {
    const reply = await c.anaAsks('What is the wifi password?');
    expect(reply?.text).toBe('The wifi password is Encinas2026.');
  });

  it('escalates what the knowledge does not hold: says so, keeps the question pending and rings the bell', async () => {
    const reply = await c.anaAsks('¿Se admiten mascotas en el apartamento?');
    expect(reply?.text).toBe(ESCALATION_REPLY.es);
    const pending = await c.pendingQuestions();
    expect(pending.map((q) => q.question.es)).toContain('¿Se admiten mascotas en el apartamento?');
    const chat = await c.chatOf(c.accountA);
    const bell = (await botNotifications()).at(-1);
    expect(bell).toMatchObject({ body: '¿Se admiten mascotas en el apartamento?', relationId: chat?.id });
    expect(bell?.title).toContain('Ana');
    const last = (await c.linesOf(chat?.id as string)).at(-1);
    expect(last).toMatchObject({ role: 'bot', outcome: 'escalated' });
    expect(last?.rule).toMatch(/^no knowledge/);
  });

  it('sends the answer the operator writes later to the guest who asked it, once', async () => {
    const [pending] = (await c.pendingQuestions()).filter((q) => q.question.es.includes('mascotas'));
    const put = () =>
      c.data(c.tokenA, 'PUT', `/api/concierge/${c.propertyA}/questions/${pending?.id}`, {
        question: { es: '¿Se admiten mascotas en el apartamento?' },
        answer: { es: 'Sí, admitimos mascotas pequeñas sin coste.' },
      });
    const before = (await c.sentTo(ANA)).length;
    await put();
    const sent = await c.sentTo(ANA);
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)?.text).toBe('Sí, admitimos mascotas pequeñas sin coste.');
    const chat = await c.chatOf(c.accountA);
    expect((await c.linesOf(chat?.id as string)).at(-1)).toMatchObject({
      role: 'bot',
      source: pending?.id,
      rule: 'answered later by the operator',
    });
    // Saved again (already answered): nothing more is sent.
    await put();
    expect(await c.sentTo(ANA)).toHaveLength(before + 1);
  });

  it('takes thanks and a review score for no question, and answers a bare greeting', async () => {
    const [bells, pending] = [(await botNotifications()).length, (await c.pendingQuestions()).length];
    expect(await c.anaAsks('¡Muchas gracias!')).toBeUndefined();
    expect(await c.anaAsks('9 de 10')).toBeUndefined();
    expect((await c.anaAsks('Hola, buenas tardes'))?.text).toBe('¡Hola! ¿En qué puedo ayudarte?');
    expect((await botNotifications()).length).toBe(bells);
    expect(await c.pendingQuestions()).toHaveLength(pending);
  });

  it('stays quiet when the plan is not smart or the bot flag is off (spec 5), and rings no bell', async () => {
    const bells = (await botNotifications()).length;
    await c.db.update(accounts).set({ plan: 'premium' }).where(eq(accounts.id, c.accountA));
    expect(await c.anaAsks('¿Cuál es la contraseña del wifi?')).toBeUndefined();
    await c.db.update(accounts).set({ plan: 'smart' }).where(eq(accounts.id, c.accountA));
    await c.botFlag(c.tokenA, c.propertyA, false);
    expect(await c.anaAsks('¿Hay secador de pelo?')).toBeUndefined();
    await c.botFlag(c.tokenA, c.propertyA, true);
    expect((await botNotifications()).length).toBe(bells);
    // Account B is in trial (no smart plan): Bruno gets no answer and no bot chat is opened.
    const before = (await c.sentTo(BRUNO)).length;
    await c.writes(BRUNO, '¿Cuál es la contraseña del wifi?');
    expect(await c.sentTo(BRUNO)).toHaveLength(before);
    expect(await c.chatOf(c.accountB)).toBeUndefined();
  });

  it('never answers in a chat an operator took over, until handed back', async () => {
    const thread = await c.threadOf(c.accountA);
    const state = await c.data(c.tokenA, 'POST', `/api/concierge/threads/${thread?.id}/take-over`);
    expect(state).toMatchObject({ available: true, active: false });
    expect(state.paused_at).not.toBeNull();
    expect(await c.anaAsks('¿Cuál es la contraseña del wifi?')).toBeUndefined();
    // The guest's line is still logged and the chat unread.
    const chat = await c.chatOf(c.accountA);
    expect((await c.linesOf(chat?.id as string)).at(-1)).toMatchObject({ role: 'guest' });
    const back = await c.data(c.tokenA, 'POST', `/api/concierge/threads/${thread?.id}/hand-back`);
    expect(back).toMatchObject({ available: true, active: true, paused_at: null });
    expect((await c.anaAsks('¿Cuál es la contraseña del wifi?'))?.text).toBe(
      'La contraseña del wifi es Encinas2026.',
    );
  });

  it('pauses when the operator writes in the thread from the inbox', async () => {
    const thread = await c.threadOf(c.accountA);
    await c.data(c.tokenA, 'POST', `/api/inbox/threads/${thread?.id}/messages`, {
      text: 'Hola Ana, soy Elena.',
    });
    await c.t.app.eventsIdle();
    const chat = await c.chatOf(c.accountA);
    expect(chat?.pausedAt).not.toBeNull();
    expect((await c.linesOf(chat?.id as string)).at(-1)).toMatchObject({
      role: 'operator',
      content: 'Hola Ana, soy Elena.',
    });
    expect(await c.anaAsks('¿Cuál es la contraseña del wifi?')).toBeUndefined();
    await c.data(c.tokenA, 'POST', `/api/concierge/threads/${thread?.id}/hand-back`);
  });
});
