import { Module } from '@nestjs/common';
import { UserContacts } from './user-contacts.service';

/**
 * UserContacts alone, so a process that loads no realtime fan-out (a worker consuming only some
 * queues) can read profiles without UserModule's services and their dependencies.
 */
@Module({ providers: [UserContacts], exports: [UserContacts] })
export class UserContactsModule {}
