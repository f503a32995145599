import type { GuestDeposit } from '@posada/contracts/deposits';
import type {
  FinishCheckinData,
  GuestCheckinSummary,
  GuestPrefill,
  GuestSession,
  RegisteredGuest,
  StartCheckinData,
  VerificationPlan,
} from '@posada/contracts/guest-checkin';
import type { GuestDataInput } from '@posada/domain/checkin-rules';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { GuestApiError, guestApi, guestSession, setGuestSession } from './api.ts';
import { saveDepositTrip, takeDepositTrip } from './deposit-return.ts';
import { emptyGuest } from './flow-state.ts';
import type { LanguageProps } from './GuestApp.tsx';
import { t } from './i18n.ts';
import { loadProperty } from './property.ts';
import { guestPaths, navigate } from './router.ts';
import { CompletedStay, missingTravellers } from './stay.tsx';
import { CameraStep } from './steps/CameraStep.tsx';
import { CodeStep } from './steps/CodeStep.tsx';
import { type DepositReturn, DepositStep, depositPath } from './steps/DepositStep.tsx';
import { DoneStep } from './steps/DoneStep.tsx';
import { type IdentityOutcome, IdentityStep } from './steps/IdentityStep.tsx';
import { MessagingStep } from './steps/MessagingStep.tsx';
import { PersonalStep } from './steps/PersonalStep.tsx';
import { ScanStep } from './steps/ScanStep.tsx';
import { SignatureStep } from './steps/SignatureStep.tsx';
import { FeaturedServices } from './store/FeaturedServices.tsx';
import { Alert, LanguagePicker, Progress, Skeleton } from './ui.tsx';

type StepName =
  | 'camera'
  | 'scan'
  | 'personal'
  | 'identity'
  | 'code'
  | 'messaging'
  | 'signature'
  | 'done'
  | 'deposit';

type Blocked = 'expired' | 'disabled' | 'not_found' | 'error';

/**
 * The steps of one guest's pass, fixed when it begins so the counter's total never changes (issue 13):
 * the property's optional identity check, and the code and messaging steps unless already proven. The
 * code comes before the personal data, so what the booking knows can fill the form (spec 2.4 lists the
 * same screens).
 */
export function stepPlan(p: {
  camera: boolean;
  identity: boolean;
  code: boolean;
  messaging: boolean;
}): StepName[] {
  return [
    ...(p.camera ? (['camera'] as const) : []),
    'scan',
    ...(p.code ? (['code'] as const) : []),
    'personal',
    ...(p.identity ? (['identity'] as const) : []),
    ...(p.messaging ? (['messaging'] as const) : []),
    'signature',
  ];
}

/** The booking's name and contact fill what the guest (or the scanned document) left empty. */
export function withPrefill(data: GuestDataInput, prefill: GuestPrefill | null): GuestDataInput {
  if (!prefill) return data;
  const next = { ...data };
  for (const key of ['first_name', 'last_name', 'email', 'phone'] as const) {
    if (!next[key].trim() && prefill[key]) next[key] = prefill[key];
  }
  return next;
}

/** Everything of the check-in lives here, in memory: a reload starts again (spec 2.4). */
export interface GuestDraft {
  data: GuestDataInput;
  process: 'scanned' | 'manual';
  /** The downscaled document photo (never uploaded): the identity step compares the selfie with it. */
  documentImage: HTMLCanvasElement | null;
  /** The server's identity verdict (issue 27), when the property asks for the check. */
  identity: IdentityOutcome | null;
}

/** spec 2.2 /checkin/customers/previe/{propiedad_id}/app/: the steps of spec 2.4 after the welcome. */
export default function Flow({ propertyId, language, onLanguage }: { propertyId: string } & LanguageProps) {
  const [info, setInfo] = useState<StartCheckinData | null>(null);
  /** Null until the code step binds a session opened from the property's QR code to a check-in. */
  const [checkin, setCheckin] = useState<GuestCheckinSummary | null>(null);
  const [blocked, setBlocked] = useState<{ kind: Blocked; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [step, setStep] = useState<StepName>('camera');
  const [camera, setCamera] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<GuestDraft | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [codeDone, setCodeDone] = useState(false);
  const [messagingDone, setMessagingDone] = useState(false);
  const [steps, setSteps] = useState<StepName[]>([]);
  /** Where the messaging code can go (masked), known once the code step has passed. */
  const [verification, setVerification] = useState<VerificationPlan | null>(null);
  /** Back from Stripe Checkout with the deposit (issue 16). */
  const [depositReturn, setDepositReturn] = useState<DepositReturn>(null);
  const headingRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per property (and on retry); the language is only the greeting's
  useEffect(() => {
    const token = new URLSearchParams(location.search).get('t') ?? undefined;
    let live = true;
    setBlocked(null);
    void loadProperty(propertyId).catch(() => undefined);
    // Back from paying the deposit: the flow resumes at its deposit step with the session it left with.
    const trip = takeDepositTrip(propertyId);
    if (trip) {
      history.replaceState(null, '', location.pathname);
      setGuestSession(trip.session);
      setInfo(trip.info);
      setCheckin(trip.checkin);
      setCodeDone(true);
      setMessagingDone(true);
      setSteps(trip.steps as StepName[]);
      setDraft({
        data: emptyGuest(trip.checkin?.start_date ?? '', trip.checkin?.end_date ?? ''),
        process: 'manual',
        documentImage: null,
        identity: null,
      });
      setDepositReturn(trip.back);
      setStep('deposit');
      return;
    }
    guestApi<StartCheckinData>('POST', '/api/guest/checkin/start', {
      propiedad_id: propertyId,
      t: token,
      language,
    })
      .then((started) => {
        if (!live) return;
        setGuestSession(started.session);
        setInfo(started);
        setCheckin(started.checkin);
        setCodeDone(started.verified.code);
        setMessagingDone(started.verified.messaging);
        setVerification(started.verification);
        setSteps(
          stepPlan({
            camera: true,
            identity: started.needs.identity_verification,
            code: !started.verified.code,
            messaging: !started.verified.messaging,
          }),
        );
        setDraft({
          data: emptyGuest(started.checkin?.start_date ?? '', started.checkin?.end_date ?? ''),
          process: 'manual',
          documentImage: null,
          identity: null,
        });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const status = error instanceof GuestApiError ? error.status : 0;
        const message = error instanceof GuestApiError ? error.message : '';
        setBlocked({
          kind:
            status === 410 ? 'expired' : status === 423 ? 'disabled' : status === 404 ? 'not_found' : 'error',
          message,
        });
      });
    return () => {
      live = false;
    };
  }, [propertyId, attempt]);

  // Screen readers and keyboards start at the new step's title.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change
  useEffect(() => {
    headingRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [step]);

  if (blocked) {
    const text: Record<Blocked, string> = {
      expired: t('errors.link_expired'),
      disabled: t('errors.accommodation_disabled'),
      not_found: t('errors.not_found'),
      error: t('errors.network'),
    };
    return (
      <section className="g-card">
        <LanguagePicker value={language} onChange={onLanguage} />
        <h1>{t(blocked.kind === 'expired' ? 'errors.link_expired_title' : 'errors.blocked_title')}</h1>
        <Alert>{text[blocked.kind]}</Alert>
        {blocked.kind === 'error' && (
          <button type="button" className="g-btn" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        )}
      </section>
    );
  }
  if (!info || !draft) return <Skeleton lines={6} />;
  // A finished check-in's link opened again: it says so, with the stay and the services page; while
  // travellers are missing the flow goes on for them (issue 27).
  if (
    checkin?.status === 'complete' &&
    missingTravellers(checkin) === 0 &&
    step !== 'done' &&
    step !== 'deposit'
  ) {
    return (
      <section className="g-card" ref={headingRef}>
        <LanguagePicker value={language} onChange={onLanguage} />
        <CompletedStay stay={checkin} property={null} language={language} />
      </section>
    );
  }

  const go = (next: StepName) => setStep(next);
  const after = (current: StepName) => {
    const i = steps.indexOf(current);
    setStep(steps[i + 1] ?? 'done');
  };
  const back = (current: StepName) => {
    // A proven code or messaging step is not asked again.
    const earlier = steps
      .slice(0, steps.indexOf(current))
      .filter((s) => !(s === 'code' && codeDone) && !(s === 'messaging' && messagingDone));
    const previous = earlier[earlier.length - 1];
    if (previous) setStep(previous);
  };
  const update = (patch: Partial<GuestDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  /** The code and messaging steps answer a new session proving them. */
  const proven = (next: GuestSession) => {
    setGuestSession(next.session);
    if (next.verification) setVerification(next.verification);
    if (next.checkin) {
      const stay = next.checkin;
      setCheckin(stay);
      // A walk-in just made by the security code is nameless and has no dates yet: its first guest gives them.
      const walkIn = stay.lead_name === '' && stay.registered_guests === 0;
      const dates = walkIn ? {} : { arrival: stay.start_date, departure: stay.end_date };
      setDraft((d) => (d ? { ...d, data: withPrefill({ ...d.data, ...dates }, next.prefill) } : d));
    }
  };

  const submit = async (signature: string) => {
    const data = { ...draft.data, signature };
    update({ data });
    try {
      const saved = await guestApi<RegisteredGuest>('POST', '/api/guest/checkin/guests', {
        ...data,
        process: draft.process,
        identity_verdict_id: draft.identity?.verdictId ?? null,
        identity_manual: draft.identity?.manual ?? false,
      });
      setCheckin(saved.checkin);
      setServerErrors({});
      go('done');
    } catch (error) {
      if (error instanceof GuestApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        // Back to the form with the API's messages, everything typed kept.
        setServerErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
        go(error.errors.signature && Object.keys(error.errors).length === 1 ? 'signature' : 'personal');
        return;
      }
      throw error;
    }
  };

  const anotherGuest = () => {
    setDraft({
      data: emptyGuest(checkin?.start_date ?? '', checkin?.end_date ?? ''),
      process: 'manual',
      documentImage: null,
      identity: null,
    });
    setServerErrors({});
    const plan = stepPlan({
      camera: camera === null,
      identity: info.needs.identity_verification,
      code: !codeDone,
      messaging: !messagingDone,
    });
    setSteps(plan);
    setStep(plan[0] as StepName);
  };

  /** Ends the check-in, then the services page (or the service a done step's card opens). */
  const finish = async (then?: string) => {
    // The stay asks for a deposit not yet held: its step comes before the end (issue 16).
    if (step !== 'deposit') {
      const deposit = await guestApi<GuestDeposit>('GET', depositPath);
      if (deposit.amount > 0 && deposit.status !== 1 && deposit.status !== 3) {
        setStep('deposit');
        return;
      }
    }
    const done = await guestApi<FinishCheckinData>('POST', '/api/guest/checkin/finish', {});
    setGuestSession(null);
    navigate(then ?? guestPaths.services(done.propiedad_id || propertyId, done.checkin_id));
  };

  /** Stripe Checkout holds the deposit; the flow comes back to its deposit step. */
  const payDeposit = async () => {
    const { url } = await guestApi<{ url: string }>('POST', `${depositPath}/checkout`, {});
    saveDepositTrip(propertyId, { session: guestSession() ?? '', info, checkin, steps });
    location.assign(url);
  };

  const index = step === 'done' || step === 'deposit' ? steps.length : steps.indexOf(step);
  let body: ReactNode = null;
  switch (step) {
    case 'camera':
      body = (
        <CameraStep
          onDone={(allowed) => {
            setCamera(allowed);
            after('camera');
          }}
        />
      );
      break;
    case 'scan':
      body = (
        <ScanStep
          camera={camera === true}
          timeZone={info.property.time_zone}
          onScanned={(fields, image) => {
            update({ data: { ...draft.data, ...fields }, process: 'scanned', documentImage: image });
            after('scan');
          }}
          onManual={() => {
            update({ process: 'manual' });
            after('scan');
          }}
        />
      );
      break;
    case 'personal':
      body = (
        <PersonalStep
          data={draft.data}
          serverErrors={serverErrors}
          scanned={draft.process === 'scanned'}
          timeZone={info.property.time_zone}
          onBack={() => back('personal')}
          onDone={(data) => {
            update({ data });
            setServerErrors({});
            after('personal');
          }}
        />
      );
      break;
    case 'identity':
      body = (
        <IdentityStep
          documentImage={draft.documentImage}
          onBack={() => back('identity')}
          onDone={(identity) => {
            update({ identity });
            after('identity');
          }}
        />
      );
      break;
    case 'code':
      body = (
        <CodeStep
          onDone={(next) => {
            proven(next);
            setCodeDone(true);
            after('code');
          }}
        />
      );
      break;
    case 'messaging':
      body = (
        <MessagingStep
          plan={verification}
          phone={draft.data.phone}
          email={draft.data.email}
          onDone={(next) => {
            proven(next);
            setMessagingDone(true);
            after('messaging');
          }}
        />
      );
      break;
    case 'signature':
      body = (
        <SignatureStep
          initial={draft.data.signature}
          error={serverErrors.signature}
          onBack={() => back('signature')}
          onSubmit={submit}
        />
      );
      break;
    case 'deposit':
      body = <DepositStep returned={depositReturn} onPay={payDeposit} onFinish={() => finish()} />;
      break;
    case 'done':
      body = (
        <DoneStep
          name={draft.data.first_name}
          registered={checkin?.registered_guests ?? 1}
          expected={checkin?.expected_guests ?? 1}
          onAnother={anotherGuest}
          onFinish={() => finish()}
          featured={
            checkin && (
              <FeaturedServices
                propertyId={propertyId}
                checkinId={checkin.id}
                language={language}
                onOpen={finish}
              />
            )
          }
        />
      );
      break;
  }
  return (
    <section className="g-card" ref={headingRef}>
      <div className="g-flow-top">
        <Progress step={Math.min(index + 1, steps.length + 1)} total={steps.length + 1} />
        <LanguagePicker value={language} onChange={onLanguage} />
      </div>
      {body}
    </section>
  );
}
