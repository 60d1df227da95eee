import { Command } from 'commander';
import { sortedMoveTexts } from '../../notation/move-text.ts';
import { guarded } from '../errors.ts';
import { positionFromFen } from '../position-option.ts';
import { resolveVariant, variantOption } from '../variant-option.ts';

export function movesCommand(): Command {
  return new Command('moves')
    .description('list the legal moves of a position, one a line, in PDN notation')
    .addOption(variantOption())
    .option('-f, --fen <fen>', 'PDN FEN of the position (default: the starting position)')
    .action(guarded((opts: { variant: string; fen?: string }) => {
      const variant = resolveVariant(opts.variant);
      const pos = positionFromFen(variant, opts.fen);
      const moves = variant.legalMoves(pos);
      const lines = sortedMoveTexts(variant, moves);
      process.stdout.write(lines.map((l) => `${l}\n`).join(''));
    }));
}
