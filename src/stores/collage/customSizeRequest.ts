import { isMaterialCode } from '../../model/catalog/materials';
import { resolveTypedSize } from '../../model/catalog/customTemplate';
import { withoutCustomSize } from '../../model/catalog/sizes';
import { CUSTOM_SIZE_ID, type ChildSize } from '../../model/catalog/types';
import type { CustomSizeTarget, FormatServices, TypedSizeOutcome } from './formatTypes';

/**
 * The custom size form of a format: a size equal to a standard one selects it; an invalid one gives
 * the rule's warning; a valid one is asked from the server (/api/customXml) and becomes the custom
 * size with the materials and price the server gives. A failure is logged, nothing else (the spec).
 */
export async function requestCustomSize(
  format: CustomSizeTarget,
  services: Pick<FormatServices, 'customXml' | 'reportError'>,
  widthText: string,
  heightText: string,
): Promise<TypedSizeOutcome> {
  const template = format.template;
  if (!template) return { kind: 'failed' };
  const typed = resolveTypedSize(withoutCustomSize(template), widthText, heightText);
  if (typed.kind === 'invalid') return typed;
  if (typed.kind === 'standard') {
    format.chooseSize(typed.size.id);
    return typed;
  }
  format.setCustomSizePending(true);
  try {
    const answer = await services.customXml(
      template.id,
      String(typed.widthCm),
      String(typed.heightCm),
    );
    const size: ChildSize = {
      id: CUSTOM_SIZE_ID,
      widthCm: typed.widthCm,
      heightCm: typed.heightCm,
      materials: answer.materials.filter(isMaterialCode),
      description: answer.description,
      url: '',
      value: '',
      isCustom: true,
    };
    if (format.template?.id !== template.id) return { kind: 'failed' };
    format.useCustomSize(size);
    return typed.warning
      ? { kind: 'custom', size, warning: typed.warning }
      : { kind: 'custom', size };
  } catch (error) {
    services.reportError(
      `customXml ${template.id} ${typed.widthCm}x${typed.heightCm}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { kind: 'failed' };
  } finally {
    format.setCustomSizePending(false);
  }
}
