import { useState } from 'react';
import { getMemberState } from '@/stores/member-store';
import { EmailStep } from '@/features/login/components/email-step';
import { PasswordStep } from '@/features/login/components/password-step';
import { OtpFormStep } from '@/features/login/components/otp-form-step';
import { OtpUnavailableStep } from '@/features/login/components/otp-unavailable-step';

/** identity §2 Login — the steps of the passcode methods. */
export type LoginStep =
  | { name: 'email' }
  | { name: 'password'; email: string }
  | {
      name: 'otp_form';
      email: string;
      token: string;
      initialCode: string | null;
      /** counts the codes asked for: each one is a fresh form, even with an equal token */
      challenge: number;
    }
  | { name: 'otp_unavailable'; code: string };

/**
 * spec: identity §2 Login — a magic link's `otp` leads to otp_form only if e-mail, token and
 * redirect path are stored; otherwise to otp_unavailable.
 */
export function initialStep(magicOtp: string | null | undefined): LoginStep {
  if (!magicOtp) return { name: 'email' };
  const { email, token, redirectPath } = getMemberState().loginFlow;
  if (email && token && redirectPath) {
    return { name: 'otp_form', email, token, initialCode: magicOtp, challenge: 0 };
  }
  return { name: 'otp_unavailable', code: magicOtp };
}

/** `otp` and `otp_or_password`: email → password | otp_form | otp_unavailable; back → email. */
export function PasscodeFlow({
  idPrefix,
  withPassword,
  magicOtp,
}: {
  idPrefix: string;
  withPassword: boolean;
  magicOtp?: string | null;
}) {
  const [step, setStep] = useState<LoginStep>(() => initialStep(magicOtp));
  const [email, setEmail] = useState(() => getMemberState().loginFlow.email ?? '');
  const back = () => setStep({ name: 'email' });
  const codeSent = (to: string, token: string) => {
    setEmail(to);
    setStep({ name: 'otp_form', email: to, token, initialCode: null, challenge: 0 });
  };

  switch (step.name) {
    case 'email':
      return (
        <EmailStep
          idPrefix={idPrefix}
          defaultEmail={email}
          sendsCode={!withPassword}
          onPassword={(to) => {
            setEmail(to);
            setStep({ name: 'password', email: to });
          }}
          onCodeSent={codeSent}
        />
      );
    case 'password':
      return (
        <PasswordStep idPrefix={idPrefix} email={step.email} onBack={back} onCodeSent={codeSent} />
      );
    case 'otp_form':
      return (
        <OtpFormStep
          // a new challenge is a new form: the entered code and its outcome start over
          key={step.challenge}
          idPrefix={idPrefix}
          email={step.email}
          token={step.token}
          initialCode={step.initialCode}
          onBack={back}
          onNewToken={(token) =>
            setStep({ ...step, token, initialCode: null, challenge: step.challenge + 1 })
          }
        />
      );
    case 'otp_unavailable':
      return <OtpUnavailableStep code={step.code} onBack={back} />;
  }
}
