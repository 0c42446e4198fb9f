import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_HINT_AFTER_MS, OTP_LENGTH, OTP_RETRY_AFTER_MS } from '@admit/contracts/constants';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { getMemberState } from '@/stores/member-store';
import { submitOtp } from '@/features/login/api/submit-otp';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { useLoginFlowContext } from '@/features/login/login-flow-context';
import { otpFields } from '@/features/login/model/login-fields';
import type { OtpFields } from '@/features/login/model/login-fields';
import { otpFailure, otpRequestMessage } from '@/features/login/model/login-errors';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { useRequestCode } from '@/features/login/use-request-code';
import { TextField } from '@/features/login/components/text-field';
import { FormMessage } from '@/features/login/components/form-message';
import styles from '@/features/login/login.module.css';

interface OtpFormStepProps {
  idPrefix: string;
  email: string;
  token: string;
  /** the code of a magic link: filled in and submitted at once */
  initialCode?: string | null;
  onBack: () => void;
  onNewToken: (token: string) => void;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'incorrect'; attemptsLeft: number }
  | { kind: 'request_new' }
  | { kind: 'waiting' };

/**
 * The six-digit passcode entry (identity §2 Login, §4 "Login one-time passcode"): a wrong code
 * counts down the attempts, `not_available_yet` retries after 5 s, a used-up or expired challenge
 * asks for a new code, and after 30 s without success a hint says the code may not have arrived.
 */
export function OtpFormStep(props: OtpFormStepProps) {
  const { idPrefix, email, token, initialCode, onBack, onNewToken } = props;
  const t = useStrings(LOGIN_STRINGS);
  const { finish } = useLoginFlowContext();
  const requestCode = useRequestCode();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const [hint, setHint] = useState(false);
  const [sending, setSending] = useState(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm<OtpFields>({
    resolver: zodResolver(otpFields),
    defaultValues: { otp: initialCode ?? '' },
  });

  const attempt = useRef<(code: string) => Promise<void>>(async () => undefined);
  attempt.current = async (code: string) => {
    setMessage(null);
    // read now: a successful login forgets the flow data
    const redirectPath = getMemberState().loginFlow.redirectPath;
    try {
      await finish((cartId) => submitOtp({ token, otp: code, cart_id: cartId }), redirectPath);
    } catch (error) {
      const failure = otpFailure(error);
      if (failure.kind === 'retry') {
        setOutcome({ kind: 'waiting' });
        retryTimer.current = setTimeout(() => void attempt.current(code), OTP_RETRY_AFTER_MS);
      } else if (failure.kind === 'message') {
        setOutcome({ kind: 'none' });
        setMessage(failure.message);
      } else {
        setOutcome(failure);
      }
    }
  };

  // the 30 s hint clock runs per challenge (a new code remounts this form)
  useEffect(() => {
    const timer = setTimeout(() => setHint(true), OTP_HINT_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
  }, []);

  // the magic link's code is submitted once, without waiting for the visitor
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!initialCode || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void attempt.current(initialCode);
  }, [initialCode]);

  // the handler settles its own errors (the form shows them); React drops a returned promise
  const onSubmit = handleSubmit(({ otp }) => attempt.current(otp));
  // catches its own failures (shown as the message): the click handler drops the promise
  const sendNew = async () => {
    setSending(true);
    setMessage(null);
    try {
      const next = await requestCode(email);
      setValue('otp', '');
      onNewToken(next);
    } catch (error) {
      setMessage(otpRequestMessage(error));
    } finally {
      setSending(false);
    }
  };
  const mustRequestNew = outcome.kind === 'request_new';

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.note}>{t('login.otp.intro', { length: OTP_LENGTH, email })}</p>
      <FormMessage message={message} />
      {outcome.kind === 'incorrect' && (
        <div className={styles.alert} role="alert">
          <p>{t('login.otp.invalid')}</p>
          <p>{t('login.otp.attempts-left', { count: outcome.attemptsLeft })}</p>
        </div>
      )}
      {mustRequestNew && (
        <p className={styles.alert} role="alert">
          {t('login.otp.request-new')}
        </p>
      )}
      {outcome.kind === 'waiting' && (
        <p className={styles.status} role="status">
          {t('login.otp.not-yet')}
        </p>
      )}
      <TextField
        id={`${idPrefix}-otp`}
        label={t('login.field.otp')}
        className={styles.otpInput}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        disabled={mustRequestNew}
        registration={register('otp')}
        error={formState.errors.otp}
        errorVars={{ length: OTP_LENGTH }}
      />
      {hint && (
        <p className={styles.note} role="status">
          {t('login.otp.hint')}
        </p>
      )}
      <div className={styles.actions}>
        {mustRequestNew ? (
          <Button onClick={() => void sendNew()} disabled={sending}>
            {sending ? t('login.sending') : t('login.otp.send-new')}
          </Button>
        ) : (
          <Button type="submit" disabled={formState.isSubmitting || outcome.kind === 'waiting'}>
            {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        )}
        <Button variant="link" onClick={onBack}>
          {t('login.back')}
        </Button>
      </div>
    </form>
  );
}
