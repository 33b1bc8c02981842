import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { IMAGE_KINDS, imageContentType } from '../../lib/images';
import { canSeeImage } from './files.service';

const params = z.object({
  kind: z.enum(IMAGE_KINDS, { message: 'Not found' }),
  file: z.string().regex(/^[a-z0-9-]+\.(jpg|png|gif)$/, { message: 'Not found' }),
});

/**
 * Uploaded images (avatars, workspace and organization images), each only to those who may see its
 * owner (files.service.ts); anyone else gets the same 404 as for a file that does not exist. Names
 * carry the owner's id and 48 random bits, and change at every upload, so they may be cached for long.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/files/:kind/:file',
    { config: { access: 'user' }, schema: { tags: ['files'], params } },
    async (request, reply) => {
      const { kind, file } = request.params;
      if (!(await canSeeImage(ctx.db, request.user, kind, file))) throw new AppError('NOT_FOUND');
      const stream = await ctx.storage.get(`${kind}/${file}`);
      if (!stream) throw new AppError('NOT_FOUND');
      return (
        reply
          .header('content-type', imageContentType(file))
          .header('cache-control', 'private, max-age=86400, immutable')
          // Never anything but an image: no sniffing into HTML, and opened on its own it runs nothing
          // and reaches nothing, even if a file stored before uploads were re-encoded hides a script.
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('content-disposition', `inline; filename="${file}"`)
          .send(stream)
      );
    },
  );
};
