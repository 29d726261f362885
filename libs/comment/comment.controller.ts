import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { batch, ErrorCode, ok } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { CommentAnnotationQueryService } from './comment-annotation-query.service';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentReactionService } from './comment-reaction.service';
import { CommentResult, CommentService } from './comment.service';
import {
  AddAnnotationsDto,
  CountAnnotationsDto,
  DeleteAnnotationsDto,
  GetAnnotationsDto,
  UpdateAnnotationsDto,
} from './dto/annotations.dto';
import { AddCommentsDto, DeleteCommentsDto, GetCommentsDto, ReactionsDto, UpdateCommentsDto } from './dto/comments.dto';

/** Velt's per-comment result map: keyed by the numeric id, whose `id` stays a number. */
function byCommentId(results: CommentResult[]): Record<string, CommentResult> {
  return Object.fromEntries(results.map((result) => [String(result.id), result]));
}

/** Velt's comment routes; each change emits its trigger to the event pipeline (docs/events.md). Reactions are our extension. */
@ApiTags('comments')
@ApiKeyAuth()
@ApiErrors(ErrorCode.PERMISSION_DENIED)
@Controller()
export class CommentController {
  constructor(
    private readonly annotations: CommentAnnotationService,
    private readonly queries: CommentAnnotationQueryService,
    private readonly comments: CommentService,
    private readonly reactions: CommentReactionService,
  ) {}

  @RpcPost(['/v1/commentannotations/add', '/v2/commentannotations/add'])
  async addAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddAnnotationsDto) {
    return ok('Comment Annotation(s) added successfully.', await this.annotations.add(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/commentannotations/get', '/v2/commentannotations/get'])
  async getAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetAnnotationsDto) {
    const { data, nextPageToken } = await this.queries.get(key.apiKeyId, dto);
    return ok('Annotation(s) fetched successfully.', data, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost(['/v1/commentannotations/count/get', '/v2/commentannotations/count/get'])
  async countAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CountAnnotationsDto) {
    return ok('Comment count retrieved successfully.', await this.queries.count(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/commentannotations/update', '/v2/commentannotations/update'])
  async updateAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAnnotationsDto) {
    return batch('Annotations updated successfully.', await this.annotations.update(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/commentannotations/delete', '/v2/commentannotations/delete'])
  async deleteAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteAnnotationsDto) {
    return batch('Annotations deleted successfully.', await this.annotations.delete(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/commentannotations/comments/add', '/v2/commentannotations/comments/add'])
  async addComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddCommentsDto) {
    return ok('Comment(s) added successfully.', await this.comments.add(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/commentannotations/comments/get', '/v2/commentannotations/comments/get'])
  async getComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetCommentsDto) {
    const { comments, nextPageToken } = await this.comments.get(key.apiKeyId, dto);
    return ok('Comments retrieved successfully.', comments, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost(['/v1/commentannotations/comments/update', '/v2/commentannotations/comments/update'])
  async updateComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateCommentsDto) {
    return ok('Comment updated successfully.', byCommentId(await this.comments.update(key.apiKeyId, dto)));
  }

  /** Velt's message, verbatim. */
  @RpcPost(['/v1/commentannotations/comments/delete', '/v2/commentannotations/comments/delete'])
  async deleteComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteCommentsDto) {
    return ok('Comments(s) deleted successfully.', byCommentId(await this.comments.delete(key.apiKeyId, dto)));
  }

  @RpcPost('/v2/commentannotations/comments/reactions/add')
  async addReactions(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ReactionsDto) {
    return batch('Reaction(s) added successfully.', await this.reactions.add(key.apiKeyId, dto));
  }

  @RpcPost('/v2/commentannotations/comments/reactions/delete')
  async deleteReactions(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ReactionsDto) {
    return batch('Reaction(s) deleted successfully.', await this.reactions.delete(key.apiKeyId, dto));
  }
}
