import { passwordProblems } from '@admit/contracts/rules/password-rules';
import { useStrings } from '@/ui/text/use-strings';
import { PASSWORD_RULES } from '@/features/user/model/password-form';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

/** The password rules of identity §5, each marked met or not for what is typed so far. */
export function PasswordRulesList({ id, password }: { id: string; password: string }) {
  const t = useStrings(USER_STRINGS);
  const problems = new Set(passwordProblems(password));
  return (
    <div id={id}>
      <p className={styles.intro}>{t('user.reset.rules-title')}</p>
      <ul className={styles.rules}>
        {PASSWORD_RULES.map((rule) => {
          const met = !rule.problems.some((problem) => problems.has(problem));
          return (
            <li key={rule.key} className={met ? styles.ruleMet : styles.ruleUnmet}>
              {t(rule.key)}
              <span className={styles.visuallyHidden}>
                {` (${t(met ? 'user.reset.rule-met' : 'user.reset.rule-unmet')})`}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
