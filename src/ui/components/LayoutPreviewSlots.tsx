import type { PhotoSlotData, TextSlotData } from '../../model/layout/slotData';
import type { PhotoSlotLayer, TextSlotLayer } from '../../model/layout/types';
import { FramedPhoto, type PhotoImage, type PhotoTextLines } from './FramedPhoto';

/**
 * LayoutPreview's photo and text slots, the parts of its SVG that show the customer's data; their
 * own file, apart from the sheet and the layers around them (LayoutPreview.tsx).
 */

/** The SVG transform that turns a layer about its centre (none when it is not turned). */
export function rotate(layer: {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}): string | undefined {
  if (!layer.rotation) return undefined;
  return `rotate(${layer.rotation} ${layer.x + layer.width / 2} ${layer.y + layer.height / 2})`;
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

export function PhotoSlot({
  layer,
  uid,
  clipped,
  photo,
  photoSource,
  photoImage,
  photoText,
}: PhotoSlotProps) {
  const photoId = photo?.id;
  const image = photo && photoId ? photoImage?.(photoId) : undefined;
  const src = photoId && !image ? photoSource?.(photoId) : undefined;
  const card = layer.border?.cardWidthCm ?? 0;
  const icon = Math.min(layer.width, layer.height) * 0.28;
  const cx = layer.x + layer.width / 2;
  const cy = layer.y + layer.height / 2;
  const body = (
    <g
      transform={rotate(layer)}
      className="layout-preview__photo"
      data-slot={layer.slot}
      data-filled={photoId ? 'true' : 'false'}
    >
      {card > 0 && (
        <rect
          x={layer.x - card}
          y={layer.y - card}
          width={layer.width + 2 * card}
          height={layer.height + 2 * card}
          fill="#ffffff"
          className="layout-preview__card"
        />
      )}
      {image && photo ? (
        <FramedPhoto
          rect={layer}
          photo={photo}
          image={image}
          text={photoText}
          clipId={`${uid}-slot-${layer.slot}`}
        />
      ) : src ? (
        <image
          href={src}
          x={layer.x}
          y={layer.y}
          width={layer.width}
          height={layer.height}
          preserveAspectRatio="xMidYMid slice"
        />
      ) : (
        <>
          <rect
            x={layer.x}
            y={layer.y}
            width={layer.width}
            height={layer.height}
            className="layout-preview__tile"
          />
          {/* A small camera: body and lens. */}
          <rect
            x={cx - icon / 2}
            y={cy - icon * 0.32}
            width={icon}
            height={icon * 0.64}
            rx={icon * 0.1}
            className="layout-preview__icon"
          />
          <circle cx={cx} cy={cy} r={icon * 0.2} className="layout-preview__lens" />
        </>
      )}
    </g>
  );
  return clipped ? <g clipPath={`url(#${uid}-clip-${layer.clip})`}>{body}</g> : body;
}

/** A text slot in the customer's style (font, colour, caps, alignment, background) where the slot data has one. */
export function TextSlot({
  layer,
  data,
  placeholder,
}: {
  layer: TextSlotLayer;
  data?: TextSlotData;
  placeholder?: string;
}) {
  const text = data?.txt;
  const shown = text && text.trim() !== '' ? text : (placeholder ?? '');
  const style = data ?? layer.style;
  const size = Math.min(style.fontSize, layer.height * 0.7);
  const margin = 0.16 * Math.min(layer.width, layer.height) + style.paddingCm;
  const inner = Math.max(0.1, layer.width - 2 * margin);
  const anchor = style.align === 'left' ? 'start' : style.align === 'right' ? 'end' : 'middle';
  const x =
    style.align === 'left'
      ? layer.x + margin
      : style.align === 'right'
        ? layer.x + layer.width - margin
        : layer.x + layer.width / 2;
  const y =
    style.valign === 'top'
      ? layer.y + margin + size * 0.8
      : style.valign === 'middle'
        ? layer.y + layer.height / 2 + size * 0.35
        : layer.y + layer.height - margin - size * 0.2;
  // A rough width (0.55 em per character) decides whether the line must be squeezed into the band.
  const estimated = [...shown].length * size * 0.55;
  return (
    <g transform={rotate(layer)} className="layout-preview__text" data-slot={layer.slot}>
      <rect
        x={layer.x}
        y={layer.y}
        width={layer.width}
        height={layer.height}
        className="layout-preview__band"
      />
      {style.background !== 'none' && (
        <rect
          x={layer.x}
          y={layer.y}
          width={layer.width}
          height={layer.height}
          fill={style.background === 'back1' ? 'rgb(255 255 255 / 35%)' : 'rgb(0 0 0 / 35%)'}
        />
      )}
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
