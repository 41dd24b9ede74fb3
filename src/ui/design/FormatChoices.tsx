import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { descriptionWithoutPrice } from '../../model/catalog/prices';
import { Orientation, type MaterialCode } from '../../model/catalog/types';
import type { CollageFormat } from '../../stores/collage/CollageFormat';

const ORIENTATION_KEYS: Record<Orientation, string> = {
  [Orientation.Portrait]: 'design.orientations.portrait',
  [Orientation.Landscape]: 'design.orientations.landscape',
  [Orientation.Square]: 'design.orientations.square',
};

interface ChoiceProps {
  format: CollageFormat;
}

/** A group of radio pills: native radios, so arrow keys move between them. */
function Pills<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  testId,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T | undefined;
  onChange(value: T): void;
  testId: string;
}) {
  const id = useId();
  return (
    <fieldset className="design-section pills" data-testid={testId}>
      <legend>{legend}</legend>
      <div className="pills__options">
        {options.map((option) => (
          <label key={String(option.value)} className="pill">
            <input
              type="radio"
              name={`${name}-${id}`}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Portrait, landscape, square: each only when the template has sizes of it. */
export const OrientationChoice = observer(function OrientationChoice({ format }: ChoiceProps) {
  const { t } = useTranslation();
  if (format.orientations.length < 2) return null;
  return (
    <Pills
      testId="orientations"
      legend={t('design.orientation')}
      name="orientation"
      options={format.orientations.map((orientation) => ({
        value: orientation,
        label: t(ORIENTATION_KEYS[orientation]),
      }))}
      value={format.orientation}
      onChange={(orientation) => format.chooseOrientation(orientation)}
    />
  );
});

/** The sizes of the current orientation; a custom size shows as the chosen one. */
export const SizeList = observer(function SizeList({
  format,
  onAdjust,
}: ChoiceProps & { onAdjust(): void }) {
  const { t } = useTranslation();
  const active = format.activeSize;
  const sizes = format.sizesOfOrientation;
  const options = sizes.map((size) => ({
    value: size.id,
    label: descriptionWithoutPrice(size.description) || `${size.widthCm} x ${size.heightCm} cm`,
  }));
  if (active?.isCustom)
    options.push({
      value: active.id,
      label: t('design.customSize', { width: active.widthCm, height: active.heightCm }),
    });
  return (
    <div className="size-list">
      <Pills
        testId="sizes"
        legend={t('design.size')}
        name="size"
        options={options}
        value={active?.id}
        onChange={(id) => format.chooseSize(id)}
      />
      <button type="button" className="link-button size-list__adjust" onClick={onAdjust}>
        {t('design.adjustFormat')}
      </button>
    </div>
  );
});

export const MaterialList = observer(function MaterialList({ format }: ChoiceProps) {
  const { t } = useTranslation();
  const materials = format.materials;
  if (materials.length === 0) return null;
  return (
    <Pills<MaterialCode>
      testId="materials"
      legend={t('design.material')}
      name="material"
      options={materials.map((code) => ({ value: code, label: t(`materials.${code || 'none'}`) }))}
      value={format.material}
      onChange={(code) => format.chooseMaterial(code)}
    />
  );
});
