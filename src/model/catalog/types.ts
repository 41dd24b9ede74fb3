/** The shop's catalog: templates (designs) with their child sizes and materials. */

export type TemplateType = 'generated' | 'static';

/** Material codes as the catalog and the XML store them ('' is none / no preference). */
export type MaterialCode =
  '' | 'POSTER' | 'CANVAS2CM' | 'CANVAS4CM' | 'DIBOND' | 'PLEXI' | 'TILES' | 'TILESPERM';

export const Orientation = { Square: 1, Landscape: 2, Portrait: 3 } as const;
export type Orientation = (typeof Orientation)[keyof typeof Orientation];

export const CUSTOM_SIZE_ID = '999999999999';

export interface ChildSize {
  id: string;
  widthCm: number;
  heightCm: number;
  /** Material codes offered for this size. */
  materials: MaterialCode[];
  /** Shown to the customer; its bracketed token holds the price, e.g. '50 x 40 cm [39.95]'. */
  description: string;
  url: string;
  value: string;
  isCustom: boolean;
  /** The shop's own default size of the design (`default="true"`): it wins over the spec's 50 x 40 rule. */
  isDefault?: boolean;
}

/**
 * The texts of a template a shop translates (catalog/README.md): the Dutch ones are the template's
 * own attributes in themes.xml, the other locales' its `<text locale="…">` children.
 */
export interface TemplateTexts {
  name: string;
  /** 'Category' part of the name shown above it, e.g. 'Fotocollage'. */
  categoryPart: string;
  namePart: string;
  description: string;
  shortInfo: string;
  leftInfo: string;
}

/** One locale's `<text>` child: the texts it gives (absent or blank: the Dutch one shows). */
export type LocaleTexts = Partial<TemplateTexts>;

/** A design; its TemplateTexts are Dutch as parsed, the page's locale once localizeTemplate has run. */
export interface Template extends TemplateTexts {
  id: string;
  type: TemplateType;
  tags: string[];
  thumbWidth: number;
  thumbHeight: number;
  /** The translations by locale (never 'nl': Dutch is the attributes). */
  texts: Readonly<Record<string, LocaleTexts>>;
  /** 'gen:alleven' for generated designs; the static template file otherwise. */
  source: string;
  isTileBased: boolean;
  hasCustomSize: boolean;
  isCustom: boolean;
  isMaterialSpecific: boolean;
  url: string;
  /** Card image, size image and label image (catalog-relative URLs). */
  thumbUrl: string;
  sizeUrl: string;
  labelUrl: string;
  visible: boolean;
  /** Filters the template appears under (basic, modern, classic, retro, …; designer:name; tiles). */
  filters: string[];
  sizes: ChildSize[];
  /** Generator settings of the design as name/value pairs (generated templates). */
  settings: Record<string, string>;
  /** Designer and design attributes (the 0.2 cm offset applies to designer 'generated' designs). */
  designer: string;
  design: string;
}
