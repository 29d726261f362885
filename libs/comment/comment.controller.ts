import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { batch, ErrorCode, ok } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentReactionService } from './comment-reaction.service';
import { CommentService } from './comment.service';
import { AddAnnotationsDto, DeleteAnnotationsDto, GetAnnotationsDto, UpdateAnnotationsDto } from './dto/annotations.dto';
import { AddCommentsDto, DeleteCommentsDto, GetCommentsDto, ReactionsDto, UpdateCommentsDto } from './dto/comments.dto';

/** DESIGN §4: comments exist so that every webhook trigger has a real source. */
@ApiTags('comments')
@ApiKeyAuth()
@ApiErrors(ErrorCode.PERMISSION_DENIED)
@Controller()
export class CommentController {
  constructor(
    private readonly annotations: CommentAnnotationService,
    private readonly comments: CommentService,
    private readonly reactions: CommentReactionService,
  ) {}

  @RpcPost('/v2/commentannotations/add')
  async addAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddAnnotationsDto) {
    return batch('Comment annotation(s) added successfully.', await this.annotations.add(key.apiKeyId, dto));
  }

  @RpcPost('/v2/commentannotations/get')
  async getAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetAnnotationsDto) {
    const { annotations, nextPageToken } = await this.annotations.get(key.apiKeyId, dto);
    return ok('Comment annotations retrieved successfully.', annotations, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost('/v2/commentannotations/update')
  async updateAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAnnotationsDto) {
    return batch('Comment annotation(s) updated successfully.', await this.annotations.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/commentannotations/delete')
  async deleteAnnotations(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteAnnotationsDto) {
    return batch('Comment annotation(s) deleted successfully.', await this.annotations.delete(key.apiKeyId, dto));
  }

  @RpcPost('/v2/commentannotations/comments/add')
  async addComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddCommentsDto) {
    return batch('Comment(s) added successfully.', await this.comments.add(key.apiKeyId, dto));
  }

  @RpcPost('/v2/commentannotations/comments/get')
  async getComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetCommentsDto) {
    const { comments, nextPageToken } = await this.comments.get(key.apiKeyId, dto);
    return ok('Comments retrieved successfully.', comments, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost('/v2/commentannotations/comments/update')
  async updateComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateCommentsDto) {
    return batch('Comment(s) updated successfully.', await this.comments.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/commentannotations/comments/delete')
  async deleteComments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteCommentsDto) {
    return batch('Comment(s) deleted successfully.', await this.comments.delete(key.apiKeyId, dto));
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
