import { useId } from 'react';
import type { PhotoSlotData, SlotData, TextSlotData } from '../../model/layout/slotData';
import type { ClipLayer, Layer, Layout, PhotoSlotLayer, TextSlotLayer } from '../../model/layout/types';
import { catalogUrl } from '../../model/catalog/catalogUrl';
import { FramedPhoto, type PhotoImage, type PhotoTextLines } from './FramedPhoto';
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
export function LayoutPreview({ layout, slots, backgroundColor, placeholders = {}, photoSource, photoImage, photoTexts, label }: LayoutPreviewProps) {
  const uid = useId().replace(/:/g, '');
  const clips = new Map(layout.layers.filter((layer): layer is ClipLayer => layer.kind === 'clip').map((clip) => [clip.name, clip]));
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
          <LayerView key={`${layer.kind}-${index}`} layer={layer} uid={uid} hasClip={(name) => clips.has(name)} background={background} slots={slots} placeholders={placeholders} photoSource={photoSource} photoImage={photoImage} photoTexts={photoTexts} />
        ))}
      </g>
    </svg>
  );
}

function ClipShape({ clip }: { clip: ClipLayer }) {
  if (clip.shape === 'circle') return <ellipse cx={clip.x + clip.width / 2} cy={clip.y + clip.height / 2} rx={clip.width / 2} ry={clip.height / 2} />;
  if (clip.shape === 'path' && clip.path) return <path d={clip.path} transform={`translate(${clip.x} ${clip.y})`} />;
  return <rect x={clip.x} y={clip.y} width={clip.width} height={clip.height} rx={clip.radiusCm ?? 0} />;
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

function rotate(layer: { x: number; y: number; width: number; height: number; rotation: number }): string | undefined {
  if (!layer.rotation) return undefined;
  return `rotate(${layer.rotation} ${layer.x + layer.width / 2} ${layer.y + layer.height / 2})`;
}

function LayerView({ layer, uid, hasClip, background, slots, placeholders, photoSource, photoImage, photoTexts }: LayerViewProps) {
  switch (layer.kind) {
    case 'shape': {
      const fill = layer.role === 'background' ? background : layer.fill;
      const stroke = layer.borderWidthCm > 0 ? layer.borderColor : undefined;
      if (layer.shape === 'circle') {
        return <ellipse cx={layer.x + layer.width / 2} cy={layer.y + layer.height / 2} rx={layer.width / 2} ry={layer.height / 2} fill={fill} stroke={stroke} strokeWidth={layer.borderWidthCm} />;
      }
      return <rect x={layer.x} y={layer.y} width={layer.width} height={layer.height} rx={layer.radiusCm} fill={fill} stroke={stroke} strokeWidth={layer.borderWidthCm} />;
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
      return <TextSlot layer={layer} data={slots?.texts[layer.slot]} placeholder={placeholders[layer.slot]} />;
    case 'overlay':
      return <image href={catalogUrl(layer.url)} x={layer.x} y={layer.y} width={layer.width} height={layer.height} transform={rotate(layer)} preserveAspectRatio="none" />;
    case 'frame': {
      const m = layer.marginCm;
      const outer = `M${layer.x} ${layer.y}h${layer.width}v${layer.height}h${-layer.width}z`;
      const inner = `M${layer.x + m} ${layer.y + m}v${layer.height - 2 * m}h${layer.width - 2 * m}v${-(layer.height - 2 * m)}z`;
      return (
        <g className="layout-preview__frame" data-margin={m}>
          <path d={outer + inner} fill={layer.fill} fillOpacity={0.55} fillRule="evenodd" />
          <rect x={layer.x + m} y={layer.y + m} width={layer.width - 2 * m} height={layer.height - 2 * m} fill="none" stroke={layer.color} strokeWidth={0.08} strokeDasharray="0.4 0.3" />
        </g>
      );
    }
    case 'box':
      return <rect x={layer.x + layer.borderWidthCm / 2} y={layer.y + layer.borderWidthCm / 2} width={layer.width - layer.borderWidthCm} height={layer.height - layer.borderWidthCm} fill="none" stroke={layer.color} strokeWidth={layer.borderWidthCm} />;
    default:
      return null;
  }
}

interface PhotoSlotProps {
  layer: PhotoSlotLayer;
  uid: string;
  clipped: boolean;
  photo?: PhotoSlotData;
  photoSource?: (id: string) => string | undefined;
  photoImage?: (id: string) => PhotoImage | undefined;
  photoText?: PhotoTextLines;
}

function PhotoSlot({ layer, uid, clipped, photo, photoSource, photoImage, photoText }: PhotoSlotProps) {
  const photoId = photo?.id;
  const image = photo && photoId ? photoImage?.(photoId) : undefined;
  const src = photoId && !image ? photoSource?.(photoId) : undefined;
  const card = layer.border?.cardWidthCm ?? 0;
  const icon = Math.min(layer.width, layer.height) * 0.28;
  const cx = layer.x + layer.width / 2;
  const cy = layer.y + layer.height / 2;
  const body = (
    <g transform={rotate(layer)} className="layout-preview__photo" data-slot={layer.slot} data-filled={photoId ? 'true' : 'false'}>
      {card > 0 && <rect x={layer.x - card} y={layer.y - card} width={layer.width + 2 * card} height={layer.height + 2 * card} fill="#ffffff" className="layout-preview__card" />}
      {image && photo ? (
        <FramedPhoto rect={layer} photo={photo} image={image} text={photoText} clipId={`${uid}-slot-${layer.slot}`} />
      ) : src ? (
        <image href={src} x={layer.x} y={layer.y} width={layer.width} height={layer.height} preserveAspectRatio="xMidYMid slice" />
      ) : (
        <>
          <rect x={layer.x} y={layer.y} width={layer.width} height={layer.height} className="layout-preview__tile" />
          {/* A small camera: body and lens. */}
          <rect x={cx - icon / 2} y={cy - icon * 0.32} width={icon} height={icon * 0.64} rx={icon * 0.1} className="layout-preview__icon" />
          <circle cx={cx} cy={cy} r={icon * 0.2} className="layout-preview__lens" />
        </>
      )}
    </g>
  );
  return clipped ? <g clipPath={`url(#${uid}-clip-${layer.clip})`}>{body}</g> : body;
}

/** A text slot in the customer's style (font, colour, caps, alignment, background) where the slot data has one. */
function TextSlot({ layer, data, placeholder }: { layer: TextSlotLayer; data?: TextSlotData; placeholder?: string }) {
  const text = data?.txt;
  const shown = text && text.trim() !== '' ? text : (placeholder ?? '');
  const style = data ?? layer.style;
  const size = Math.min(style.fontSize, layer.height * 0.7);
  const margin = 0.16 * Math.min(layer.width, layer.height) + style.paddingCm;
  const inner = Math.max(0.1, layer.width - 2 * margin);
  const anchor = style.align === 'left' ? 'start' : style.align === 'right' ? 'end' : 'middle';
  const x = style.align === 'left' ? layer.x + margin : style.align === 'right' ? layer.x + layer.width - margin : layer.x + layer.width / 2;
  const y = style.valign === 'top' ? layer.y + margin + size * 0.8 : style.valign === 'middle' ? layer.y + layer.height / 2 + size * 0.35 : layer.y + layer.height - margin - size * 0.2;
  // A rough width (0.55 em per character) decides whether the line must be squeezed into the band.
  const estimated = [...shown].length * size * 0.55;
  return (
    <g transform={rotate(layer)} className="layout-preview__text" data-slot={layer.slot}>
      <rect x={layer.x} y={layer.y} width={layer.width} height={layer.height} className="layout-preview__band" />
      {style.background !== 'none' && <rect x={layer.x} y={layer.y} width={layer.width} height={layer.height} fill={style.background === 'back1' ? 'rgb(255 255 255 / 35%)' : 'rgb(0 0 0 / 35%)'} />}
      {shown && (
        <text
          x={x}
          y={y}
          fontSize={size}
          fontFamily={`"${style.font}", Jost, Roboto, sans-serif`}
          fill={style.color}
          textAnchor={anchor}
          opacity={text && text.trim() !== '' ? 1 : 0.55}
          {...(estimated > inner ? { textLength: inner, lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {style.caps ? shown.toUpperCase() : shown}
        </text>
      )}
    </g>
  );
}
