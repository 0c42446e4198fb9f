import { Button } from 'react-aria-components';
import { useMutation } from '@tanstack/react-query';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import { getSellerFile } from './catalogue-api';
import { ImportError } from './import-error';
import { downloadNameOf, saveFile } from './browser-file';
import { SellerFileUpload } from './seller-file-upload';
import { OFFICE_CATALOGUE_STRINGS } from './strings';

/**
 * The owner's catalogue page (issue #27 "Catalogue", decision 0089): the current seller file as
 * a download, and an upload that is planned (dry run) before it is applied. The download is the
 * API's answer as it is (file name, text, pictures), which is what the upload takes back.
 */
export function CataloguePage() {
  const t = useStrings(OFFICE_CATALOGUE_STRINGS);
  // fetched when asked for, so the file is the catalogue as it is at that moment
  const download = useMutation({
    mutationFn: getSellerFile,
    onSuccess: (file) =>
      saveFile(downloadNameOf(file.file_name), JSON.stringify(file, null, 2), 'application/json'),
  });
  return (
    <section>
      <h1>{t('office.catalogue.title')}</h1>
      <p>{t('office.catalogue.intro')}</p>
      <Button
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        // pending, not disabled: a disabled button loses the keyboard's focus (to the page)
        isPending={download.isPending}
        onPress={() => download.mutate()}
      >
        {download.isPending ? t('office.catalogue.downloading') : t('office.catalogue.download')}
      </Button>
      {download.isError && <ImportError error={download.error} />}
      <SellerFileUpload />
    </section>
  );
}
