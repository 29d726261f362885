import { locationIdOf, numberComments, statusOf } from './comment-store';

describe('comment numbering', () => {
  it('keeps given ids and counts the others from the counter around them', () => {
    expect(numberComments([undefined, 2, undefined, undefined], 1)).toEqual([1, 2, 3, 4]);
    expect(numberComments([undefined, 153783], 1)).toEqual([1, 153783]);
    expect(numberComments([undefined, undefined], 41)).toEqual([41, 42]);
  });
});

describe('status objects', () => {
  it("default to Velt's OPEN and fill a default status's colours, keeping what the caller sent", () => {
    expect(statusOf(undefined)).toEqual({
      id: 'OPEN',
      name: 'Open',
      type: 'default',
      color: '#625DF5',
      lightColor: '#E7E8FA',
    });
    expect(statusOf({ id: 'RESOLVED', name: 'Done', type: 'terminal', color: undefined })).toEqual({
      id: 'RESOLVED',
      name: 'Done',
      type: 'terminal',
      color: '#198F65',
      lightColor: '#EDF6F3',
    });
    expect(statusOf({ id: 'custom', name: 'Custom', type: 'ongoing', color: '#000' })).toEqual({
      id: 'custom',
      name: 'Custom',
      type: 'ongoing',
      color: '#000',
    });
  });
});

describe('location ids', () => {
  it("are the location's id, else its name, as text", () => {
    expect(locationIdOf({ id: 0 })).toBe('0');
    expect(locationIdOf({ locationName: 'Intro' })).toBe('Intro');
    expect(locationIdOf(null)).toBeNull();
  });
});
