import type { PhotoSlotData } from '../../model/layout/slotTypes';
import type { Rect } from '../../model/layout/types';
import { innerTextBox } from '../../model/text/box';
import { cover, normaliseQuarterTurn } from '../../render/geometry';
import { effectFilter } from './photoEffects';

/** A photo's web image: where it is and its pixel size (the cover rule needs the shape). */
export interface PhotoImage {
  src: string;
  width: number;
  height: number;
}

/** Text on the photo, laid out by the text model (the lines as they are drawn). */
export interface PhotoTextLines {
  lines: string[];
}

interface FramedPhotoProps {
  /** The slot in collage cm (unturned; the caller turns the group). */
  rect: Rect;
  photo: PhotoSlotData;
  image: PhotoImage;
  text?: PhotoTextLines;
  clipId: string;
}

/**
 * A photo in its slot as SVG, framed the way the renderer frames it: the cover rule with zoom
 * and focal point (src/render/geometry.ts), the quarter turn, the effect, and the photo's text.
 */
export function FramedPhoto({ rect, photo, image, text, clipId }: FramedPhotoProps) {
  const rotation = normaliseQuarterTurn(photo.rotation);
  const placed = cover({
    slotWidth: rect.width,
    slotHeight: rect.height,
    imageWidth: image.width,
    imageHeight: image.height,
    zoom: photo.zoom,
    focusX: photo.focusX,
    focusY: photo.focusY,
    rotation,
  });
  const cx = rect.x + placed.centerX;
  const cy = rect.y + placed.centerY;
  const width = image.width * placed.scale;
  const height = image.height * placed.scale;
  return (
    <g>
      <clipPath id={clipId}>
        <rect x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        <image
          href={image.src}
          x={cx - width / 2}
          y={cy - height / 2}
          width={width}
          height={height}
          preserveAspectRatio="none"
          transform={rotation ? `rotate(${rotation} ${cx} ${cy})` : undefined}
          style={{ filter: effectFilter(photo.effect) }}
        />
        {photo.text && text && <PhotoText rect={rect} photo={photo} lines={text.lines} />}
      </g>
    </g>
  );
}

function PhotoText({ rect, photo, lines }: { rect: Rect; photo: PhotoSlotData; lines: string[] }) {
  const style = photo.text!;
  const size = style.fontSize;
  const inner = innerTextBox({ widthCm: rect.width, heightCm: rect.height }, style.paddingCm);
  const insetX = (rect.width - inner.widthCm) / 2;
  const insetY = (rect.height - inner.heightCm) / 2;
  const advance = size * (1 + style.lineHeight);
  const blockHeight = size * 1.2 + (lines.length - 1) * advance;
  const top =
    style.valign === 'top'
      ? rect.y + insetY
      : style.valign === 'middle'
        ? rect.y + (rect.height - blockHeight) / 2
        : rect.y + rect.height - insetY - blockHeight;
  const anchor = style.align === 'left' ? 'start' : style.align === 'right' ? 'end' : 'middle';
  const x =
    style.align === 'left'
      ? rect.x + insetX
      : style.align === 'right'
        ? rect.x + rect.width - insetX
        : rect.x + rect.width / 2;
  const background =
    style.background === 'back1'
      ? 'rgb(255 255 255 / 35%)'
      : style.background === 'back2'
        ? 'rgb(0 0 0 / 35%)'
        : undefined;
  return (
    <g className="framed-photo__text">
      {background && (
        <rect
          x={rect.x}
          y={top - size * 0.2}
          width={rect.width}
          height={blockHeight + size * 0.4}
          fill={background}
        />
      )}
      <text
        fontSize={size}
        fontFamily={`"${style.font}", Roboto, sans-serif`}
        fill={style.color}
        textAnchor={anchor}
      >
        {lines.map((line, index) => (
          <tspan key={index} x={x} y={top + size * 0.95 + index * advance}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
