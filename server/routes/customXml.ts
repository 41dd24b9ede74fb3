import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { customTemplateAnswer } from '../../src/model/catalog/customTemplate.js';
import { warningText } from '../catalog/warningTexts.js';
import { requestLocale } from '../i18n/locale.js';

export const TEMPLATE_NOT_FOUND = "Couldn't find template";

const Body = Type.Object({
  // Optional so that a missing width or height gets the size warning, not a bare schema error.
  width: Type.Optional(Type.String({ maxLength: 32 })),
  height: Type.Optional(Type.String({ maxLength: 32 })),
  templateId: Type.Optional(Type.String({ maxLength: 64 })),
  /** Locale of the warning text; Accept-Language when absent. */
  lang: Type.Optional(Type.String({ maxLength: 16 })),
});

const CustomSize = Type.Object({
  id: Type.String(),
  width: Type.Number(),
  height: Type.Number(),
  materials: Type.Array(Type.String()),
  description: Type.String(),
});

const Refusal = Type.Object({
  error: Type.String(),
  /** i18n key of the warning, for a client that shows it in its own locale. */
  key: Type.Optional(Type.String()),
});

/**
 * POST /api/customXml: the custom size of a template. Answers the custom child size (id 999999999999,
 * the materials it can be made in, a description with its price), or the template's size warning
 * (422), or 404 for an unknown template.
 */
export async function customXmlRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/customXml',
    {
      schema: {
        querystring: Type.Object({ format: Type.Optional(Type.String({ maxLength: 16 })) }),
        body: Body,
        response: { 200: CustomSize, 404: Refusal, 422: Refusal },
      },
    },
    async (request, reply) => {
      const { width = '', height = '', templateId = '' } = request.body;
      const template = templateId ? await app.catalog.template(templateId.trim()) : undefined;
      if (!template) return reply.code(404).send({ error: TEMPLATE_NOT_FOUND });
      const answer = customTemplateAnswer(template, width, height);
      if (!answer.ok) {
        const locale = requestLocale(request);
        return reply
          .code(422)
          .send({ error: warningText(answer.warning, locale), key: answer.warning.key });
      }
      const { size } = answer;
      return {
        id: size.id,
        width: size.widthCm,
        height: size.heightCm,
        materials: size.materials,
        description: size.description,
      };
    },
  );
}
