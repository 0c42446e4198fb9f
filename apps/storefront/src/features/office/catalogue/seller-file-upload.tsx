import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useMutation } from '@tanstack/react-query';
import {
  officeSellerFileImportBodySchema,
  type OfficeSellerFileImportBody,
} from '@admit/contracts/office-catalogue';
import type { StaffImportResult } from '@admit/contracts/staff-api';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { getSellerFile, importSellerFile } from './catalogue-api';
import { ImportError } from './import-error';
import { ImportPlan } from './import-plan';
import { readText } from './browser-file';
import { OFFICE_CATALOGUE_STRINGS } from './strings';

type SellerFileBody = Omit<OfficeSellerFileImportBody, 'dry_run' | 'reason'>;

const YAML_NAME = /\.ya?ml$/i;

/**
 * The chosen file as the import's body: the JSON the download gives (file_name, text,
 * pictures), or a seller file's YAML alone, sent with the pictures the catalogue has now (the
 * API's current file), so an owner may edit the YAML they know and upload it as it is.
 */
async function bodyOf(file: File): Promise<SellerFileBody | null> {
  const text = await readText(file).catch(() => null);
  if (text === null) return null;
  if (YAML_NAME.test(file.name)) {
    const { pictures } = await getSellerFile();
    return { file_name: file.name, text, pictures };
  }
  try {
    const parsed = officeSellerFileImportBodySchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { file_name, text: yaml, pictures } = parsed.data;
    return { file_name, text: yaml, pictures };
  } catch {
    return null;
  }
}

/**
 * Upload a seller file (decision 0089): choosing it sends a dry run and shows its plan; only
 * then can it be applied, and what is applied is the very body that was planned. A refusal
 * (the file's problems, or sales behind what it would remove) is the API's message.
 */
export function SellerFileUpload() {
  const t = useStrings(OFFICE_CATALOGUE_STRINGS);
  const [body, setBody] = useState<SellerFileBody | null>(null);
  const [plan, setPlan] = useState<StaffImportResult | null>(null);
  const [applied, setApplied] = useState<StaffImportResult | null>(null);
  const [notAFile, setNotAFile] = useState(false);
  // the catalogue's pictures for a YAML upload could not be read
  const [readError, setReadError] = useState<unknown>(null);
  const [reason, setReason] = useState('');
  const dryRun = useMutation({
    mutationFn: (sent: SellerFileBody) => importSellerFile({ ...sent, dry_run: true }),
  });
  const apply = useMutation({
    mutationFn: (sent: SellerFileBody) =>
      importSellerFile({ ...sent, dry_run: false, ...(reason.trim() ? { reason } : {}) }),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // a new file starts over: no plan of another file may be applied
    setBody(null);
    setPlan(null);
    setApplied(null);
    setNotAFile(false);
    setReadError(null);
    dryRun.reset();
    apply.reset();
    if (!file) return;
    let read: SellerFileBody | null;
    try {
      read = await bodyOf(file);
    } catch (error) {
      return setReadError(error);
    }
    if (!read) return setNotAFile(true);
    setBody(read);
    // the call's own callback: a plan of a file chosen before this one is never shown
    dryRun.mutate(read, { onSuccess: setPlan });
  };
  const canApply = body !== null && plan !== null && plan.refusals.length === 0;

  return (
    <section aria-labelledby="seller-file-upload">
      <h2 id="seller-file-upload">{t('office.catalogue.upload')}</h2>
      <div className={formStyles.field}>
        <label htmlFor="seller-file-input">{t('office.catalogue.upload')}</label>
        <input
          id="seller-file-input"
          type="file"
          accept=".json,.yaml,.yml,application/json,application/yaml"
          aria-describedby="seller-file-hint"
          onChange={(event) => void choose(event)}
        />
        <p id="seller-file-hint">{t('office.catalogue.upload-hint')}</p>
      </div>
      {notAFile && (
        <div className={formStyles.alert} role="alert">
          <p>{t('office.catalogue.not-a-file')}</p>
        </div>
      )}
      {readError !== null && <ImportError error={readError} />}
      {dryRun.isPending && <p role="status">{t('office.catalogue.checking')}</p>}
      {dryRun.isError && <ImportError error={dryRun.error} />}
      {plan && <ImportPlan result={plan} title={t('office.catalogue.plan')} />}
      {canApply && (
        <>
          <TextField className={formStyles.field} value={reason} onChange={setReason}>
            <Label>{t('office.catalogue.reason')}</Label>
            <Input />
          </TextField>
          <Button
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            // pending, not disabled: a disabled button loses the keyboard's focus (to the page)
            isPending={apply.isPending}
            onPress={() =>
              apply.mutate(body, {
                onSuccess: (result) => {
                  setApplied(result);
                  setPlan(null);
                },
              })
            }
          >
            {apply.isPending ? t('office.catalogue.applying') : t('office.catalogue.apply')}
          </Button>
        </>
      )}
      {apply.isError && <ImportError error={apply.error} />}
      {/* the Apply button is gone with the plan: the result takes the focus in its place */}
      {applied && <ImportPlan result={applied} title={t('office.catalogue.result')} takeFocus />}
    </section>
  );
}
