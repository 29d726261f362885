import { Server } from 'socket.io';

/** One room emit a spec's server recorded: the room, the connections left out, the event and its frame. */
export interface RecordedEmit<Frame> {
  room: string;
  except: string[];
  event: string;
  frame: Frame;
}

/** A socket.io server for the frame senders' specs: each `to(room).except(ids).emit(event, frame)` lands in `sent`. */
export function recordingServer<Frame>(sent: Array<RecordedEmit<Frame>>): Server {
  return {
    to: (room: string) => ({
      except: (except: string[]) => ({
        emit: (event: string, frame: Frame) => sent.push({ room, except, event, frame }),
      }),
    }),
  } as unknown as Server;
}
