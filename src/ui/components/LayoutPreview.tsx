import { useId } from 'react';
import type { SlotData } from '../../model/layout/slotData';
import type { ClipLayer, Layer, Layout } from '../../model/layout/types';
import { catalogUrl } from '../../model/catalog/catalogUrl';
import type { PhotoImage, PhotoTextLines } from './FramedPhoto';
import { PhotoSlot, rotate, TextSlot } from './LayoutPreviewSlots';
import './LayoutPreview.css';

export interface LayoutPreviewProps {
  layout: Layout;
  /** The customer's data per slot; empty slots show a soft placeholder tile. */
  slots?: SlotData;
  /** The collage's background colour; the layout's own when absent. */
  backgroundColor?: string;
  /** Text an empty text slot shows, by slot name (the translated 'Jouw titel'). */
  placeholders?: Readonly<Record<string, string>>;
  /** The web-size image of a photo id, when the page has it. */
  photoSource?: (photoId: string) => string | undefined;
  /** The editor: a photo's web image with its size, so the photo is framed by zoom, focal point, turn and effect. */
  photoImage?: (photoId: string) => PhotoImage | undefined;
  /** The editor: text on a photo, laid out, by slot name. */
  photoTexts?: Readonly<Record<string, PhotoTextLines>>;
  /** Accessible name of the picture. */
  label: string;
}

/**
 * The live layout as SVG, in centimetres (viewBox = the sheet). A stand-in for the editor's
 * CanvasKit canvas on the design screen: the same props (a layout and slot data), drawn simply —
 * background, photo slots as placeholder tiles, text bands with their text or placeholder,
 * overlays, frame and box. Rendering only; it reads no store.
 */
export function LayoutPreview({
  layout,
  slots,
  backgroundColor,
  placeholders = {},
  photoSource,
  photoImage,
  photoTexts,
  label,
}: LayoutPreviewProps) {
  const uid = useId().replace(/:/g, '');
  const clips = new Map(
    layout.layers
      .filter((layer): layer is ClipLayer => layer.kind === 'clip')
      .map((clip) => [clip.name, clip]),
  );
  const background = backgroundColor ?? layout.backgroundColor;
  const photoCount = layout.layers.filter((layer) => layer.kind === 'photo').length;
  return (
    <svg
      className="layout-preview"
      viewBox={`0 0 ${layout.widthCm} ${layout.heightCm}`}
      role="img"
      aria-label={label}
      data-width={layout.widthCm}
      data-height={layout.heightCm}
      data-photos={photoCount}
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <clipPath id={`${uid}-sheet`}>
          <rect width={layout.widthCm} height={layout.heightCm} />
        </clipPath>
        {[...clips.values()].map((clip) => (
          <clipPath key={clip.name} id={`${uid}-clip-${clip.name}`} clipPathUnits="userSpaceOnUse">
            <ClipShape clip={clip} />
          </clipPath>
        ))}
      </defs>
      <g clipPath={`url(#${uid}-sheet)`}>
        <rect width={layout.widthCm} height={layout.heightCm} fill={background} />
        {layout.layers.map((layer, index) => (
          <LayerView
            key={`${layer.kind}-${index}`}
            layer={layer}
            uid={uid}
            hasClip={(name) => clips.has(name)}
            background={background}
            slots={slots}
            placeholders={placeholders}
            photoSource={photoSource}
            photoImage={photoImage}
            photoTexts={photoTexts}
          />
        ))}
      </g>
    </svg>
  );
}

function ClipShape({ clip }: { clip: ClipLayer }) {
  if (clip.shape === 'circle')
    return (
      <ellipse
        cx={clip.x + clip.width / 2}
        cy={clip.y + clip.height / 2}
        rx={clip.width / 2}
        ry={clip.height / 2}
      />
    );
  if (clip.shape === 'path' && clip.path)
    return <path d={clip.path} transform={`translate(${clip.x} ${clip.y})`} />;
  return (
    <rect x={clip.x} y={clip.y} width={clip.width} height={clip.height} rx={clip.radiusCm ?? 0} />
  );
}

interface LayerViewProps {
  layer: Layer;
  uid: string;
  hasClip(name: string): boolean;
  background: string;
  slots?: SlotData;
  placeholders: Readonly<Record<string, string>>;
  photoSource?: (photoId: string) => string | undefined;
  photoImage?: (photoId: string) => PhotoImage | undefined;
  photoTexts?: Readonly<Record<string, PhotoTextLines>>;
}

function LayerView({
  layer,
  uid,
  hasClip,
  background,
  slots,
  placeholders,
  photoSource,
  photoImage,
  photoTexts,
}: LayerViewProps) {
  switch (layer.kind) {
    case 'shape': {
      const fill = layer.role === 'background' ? background : layer.fill;
      const stroke = layer.borderWidthCm > 0 ? layer.borderColor : undefined;
      if (layer.shape === 'circle') {
        return (
          <ellipse
            cx={layer.x + layer.width / 2}
            cy={layer.y + layer.height / 2}
            rx={layer.width / 2}
            ry={layer.height / 2}
            fill={fill}
            stroke={stroke}
            strokeWidth={layer.borderWidthCm}
          />
        );
      }
      return (
        <rect
          x={layer.x}
          y={layer.y}
          width={layer.width}
          height={layer.height}
          rx={layer.radiusCm}
          fill={fill}
          stroke={stroke}
          strokeWidth={layer.borderWidthCm}
        />
      );
    }
    case 'photo':
      return (
        <PhotoSlot
          layer={layer}
          uid={uid}
          clipped={layer.clip !== undefined && hasClip(layer.clip)}
          photo={slots?.photos[layer.slot]}
          photoSource={photoSource}
          photoImage={photoImage}
          photoText={photoTexts?.[layer.slot]}
        />
      );
    case 'text':
      return (
        <TextSlot
          layer={layer}
          data={slots?.texts[layer.slot]}
          placeholder={placeholders[layer.slot]}
        />
      );
    case 'overlay':
      return (
        <image
          href={catalogUrl(layer.url)}
          x={layer.x}
          y={layer.y}
          width={layer.width}
          height={layer.height}
          transform={rotate(layer)}
          preserveAspectRatio="none"
        />
      );
    case 'frame': {
      const m = layer.marginCm;
      const outer = `M${layer.x} ${layer.y}h${layer.width}v${layer.height}h${-layer.width}z`;
      const inner = `M${layer.x + m} ${layer.y + m}v${layer.height - 2 * m}h${layer.width - 2 * m}v${-(layer.height - 2 * m)}z`;
      return (
        <g className="layout-preview__frame" data-margin={m}>
          <path d={outer + inner} fill={layer.fill} fillOpacity={0.55} fillRule="evenodd" />
          <rect
            x={layer.x + m}
            y={layer.y + m}
            width={layer.width - 2 * m}
            height={layer.height - 2 * m}
            fill="none"
            stroke={layer.color}
            strokeWidth={0.08}
            strokeDasharray="0.4 0.3"
          />
        </g>
      );
    }
    case 'box':
      return (
        <rect
          x={layer.x + layer.borderWidthCm / 2}
          y={layer.y + layer.borderWidthCm / 2}
          width={layer.width - layer.borderWidthCm}
          height={layer.height - layer.borderWidthCm}
          fill="none"
          stroke={layer.color}
          strokeWidth={layer.borderWidthCm}
        />
      );
    default:
      return null;
  }
}
