import { useTranslation } from 'react-i18next';

export function ChoiceScreen() {
  const { t } = useTranslation();
  return (
    <main className="choice-screen">
      <h1>{t('choice.title')}</h1>
      <p>{t('choice.hint')}</p>
    </main>
  );
}
