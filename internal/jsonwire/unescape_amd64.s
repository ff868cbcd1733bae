//go:build amd64 && !purego

#include "textflag.h"

// NOTE: The vector scans of string contents that decode them
// (unescapeDenseVector, scanUnescapeVector), or skip them, trusted
// (skipValidVector). Each finds the escaped bytes of a step as
// scanEscapedVector does (vector_amd64.s). The decoders check that each
// is the letter of a two-byte escape (by the same two nibble tables), put
// the byte that b, f, n, r and t stand for in place of the letter, and
// drop the backslashes that begin escapes: each eight bytes of the step
// are packed by a shuffle looked up by their mask of backslashes to
// drop, and stored one after the other. So a step costs the same however
// many escapes it holds.

// deLetter: by bits 1 to 4 of an escape's letter from 0x60 up (b, f, n,
// r, t), the byte it stands for.
DATA deLetter<>+0x00(SB)/8, $0x0A0000000C000800
DATA deLetter<>+0x08(SB)/8, $0x0000000000090D00
GLOBL deLetter<>(SB), RODATA|NOPTR, $16

// deSplat: the backslash, the low nibble's mask, and 0x5F, broadcast.
DATA deSplat<>+0x00(SB)/4, $0x005F0F5C
GLOBL deSplat<>(SB), RODATA|NOPTR, $4

// deSpread: which byte of a 32-bit mask each byte of a step takes its
// bit from (VPSHUFB looks up within each half), and deBits that bit.
DATA deSpread<>+0x00(SB)/8, $0x0000000000000000
DATA deSpread<>+0x08(SB)/8, $0x0101010101010101
DATA deSpread<>+0x10(SB)/8, $0x0202020202020202
DATA deSpread<>+0x18(SB)/8, $0x0303030303030303
GLOBL deSpread<>(SB), RODATA|NOPTR, $32

DATA deBits<>+0x00(SB)/8, $0x8040201008040201
DATA deBits<>+0x08(SB)/8, $0x8040201008040201
DATA deBits<>+0x10(SB)/8, $0x8040201008040201
DATA deBits<>+0x18(SB)/8, $0x8040201008040201
GLOBL deBits<>(SB), RODATA|NOPTR, $32

// deHalf: added to the shuffle of the second eight bytes of a half.
DATA deHalf<>+0x00(SB)/8, $0
DATA deHalf<>+0x08(SB)/8, $0x0808080808080808
GLOBL deHalf<>(SB), RODATA|NOPTR, $16

// compressTab: by a mask of bytes to drop from eight, the shuffle that
// packs the rest at the front.
DATA compressTab<>+0x000(SB)/8, $0x0706050403020100
DATA compressTab<>+0x008(SB)/8, $0x8007060504030201
DATA compressTab<>+0x010(SB)/8, $0x8007060504030200
DATA compressTab<>+0x018(SB)/8, $0x8080070605040302
DATA compressTab<>+0x020(SB)/8, $0x8007060504030100
DATA compressTab<>+0x028(SB)/8, $0x8080070605040301
DATA compressTab<>+0x030(SB)/8, $0x8080070605040300
DATA compressTab<>+0x038(SB)/8, $0x8080800706050403
DATA compressTab<>+0x040(SB)/8, $0x8007060504020100
DATA compressTab<>+0x048(SB)/8, $0x8080070605040201
DATA compressTab<>+0x050(SB)/8, $0x8080070605040200
DATA compressTab<>+0x058(SB)/8, $0x8080800706050402
DATA compressTab<>+0x060(SB)/8, $0x8080070605040100
DATA compressTab<>+0x068(SB)/8, $0x8080800706050401
DATA compressTab<>+0x070(SB)/8, $0x8080800706050400
DATA compressTab<>+0x078(SB)/8, $0x8080808007060504
DATA compressTab<>+0x080(SB)/8, $0x8007060503020100
DATA compressTab<>+0x088(SB)/8, $0x8080070605030201
DATA compressTab<>+0x090(SB)/8, $0x8080070605030200
DATA compressTab<>+0x098(SB)/8, $0x8080800706050302
DATA compressTab<>+0x0A0(SB)/8, $0x8080070605030100
DATA compressTab<>+0x0A8(SB)/8, $0x8080800706050301
DATA compressTab<>+0x0B0(SB)/8, $0x8080800706050300
DATA compressTab<>+0x0B8(SB)/8, $0x8080808007060503
DATA compressTab<>+0x0C0(SB)/8, $0x8080070605020100
DATA compressTab<>+0x0C8(SB)/8, $0x8080800706050201
DATA compressTab<>+0x0D0(SB)/8, $0x8080800706050200
DATA compressTab<>+0x0D8(SB)/8, $0x8080808007060502
DATA compressTab<>+0x0E0(SB)/8, $0x8080800706050100
DATA compressTab<>+0x0E8(SB)/8, $0x8080808007060501
DATA compressTab<>+0x0F0(SB)/8, $0x8080808007060500
DATA compressTab<>+0x0F8(SB)/8, $0x8080808080070605
DATA compressTab<>+0x100(SB)/8, $0x8007060403020100
DATA compressTab<>+0x108(SB)/8, $0x8080070604030201
DATA compressTab<>+0x110(SB)/8, $0x8080070604030200
DATA compressTab<>+0x118(SB)/8, $0x8080800706040302
DATA compressTab<>+0x120(SB)/8, $0x8080070604030100
DATA compressTab<>+0x128(SB)/8, $0x8080800706040301
DATA compressTab<>+0x130(SB)/8, $0x8080800706040300
DATA compressTab<>+0x138(SB)/8, $0x8080808007060403
DATA compressTab<>+0x140(SB)/8, $0x8080070604020100
DATA compressTab<>+0x148(SB)/8, $0x8080800706040201
DATA compressTab<>+0x150(SB)/8, $0x8080800706040200
DATA compressTab<>+0x158(SB)/8, $0x8080808007060402
DATA compressTab<>+0x160(SB)/8, $0x8080800706040100
DATA compressTab<>+0x168(SB)/8, $0x8080808007060401
DATA compressTab<>+0x170(SB)/8, $0x8080808007060400
DATA compressTab<>+0x178(SB)/8, $0x8080808080070604
DATA compressTab<>+0x180(SB)/8, $0x8080070603020100
DATA compressTab<>+0x188(SB)/8, $0x8080800706030201
DATA compressTab<>+0x190(SB)/8, $0x8080800706030200
DATA compressTab<>+0x198(SB)/8, $0x8080808007060302
DATA compressTab<>+0x1A0(SB)/8, $0x8080800706030100
DATA compressTab<>+0x1A8(SB)/8, $0x8080808007060301
DATA compressTab<>+0x1B0(SB)/8, $0x8080808007060300
DATA compressTab<>+0x1B8(SB)/8, $0x8080808080070603
DATA compressTab<>+0x1C0(SB)/8, $0x8080800706020100
DATA compressTab<>+0x1C8(SB)/8, $0x8080808007060201
DATA compressTab<>+0x1D0(SB)/8, $0x8080808007060200
DATA compressTab<>+0x1D8(SB)/8, $0x8080808080070602
DATA compressTab<>+0x1E0(SB)/8, $0x8080808007060100
DATA compressTab<>+0x1E8(SB)/8, $0x8080808080070601
DATA compressTab<>+0x1F0(SB)/8, $0x8080808080070600
DATA compressTab<>+0x1F8(SB)/8, $0x8080808080800706
DATA compressTab<>+0x200(SB)/8, $0x8007050403020100
DATA compressTab<>+0x208(SB)/8, $0x8080070504030201
DATA compressTab<>+0x210(SB)/8, $0x8080070504030200
DATA compressTab<>+0x218(SB)/8, $0x8080800705040302
DATA compressTab<>+0x220(SB)/8, $0x8080070504030100
DATA compressTab<>+0x228(SB)/8, $0x8080800705040301
DATA compressTab<>+0x230(SB)/8, $0x8080800705040300
DATA compressTab<>+0x238(SB)/8, $0x8080808007050403
DATA compressTab<>+0x240(SB)/8, $0x8080070504020100
DATA compressTab<>+0x248(SB)/8, $0x8080800705040201
DATA compressTab<>+0x250(SB)/8, $0x8080800705040200
DATA compressTab<>+0x258(SB)/8, $0x8080808007050402
DATA compressTab<>+0x260(SB)/8, $0x8080800705040100
DATA compressTab<>+0x268(SB)/8, $0x8080808007050401
DATA compressTab<>+0x270(SB)/8, $0x8080808007050400
DATA compressTab<>+0x278(SB)/8, $0x8080808080070504
DATA compressTab<>+0x280(SB)/8, $0x8080070503020100
DATA compressTab<>+0x288(SB)/8, $0x8080800705030201
DATA compressTab<>+0x290(SB)/8, $0x8080800705030200
DATA compressTab<>+0x298(SB)/8, $0x8080808007050302
DATA compressTab<>+0x2A0(SB)/8, $0x8080800705030100
DATA compressTab<>+0x2A8(SB)/8, $0x8080808007050301
DATA compressTab<>+0x2B0(SB)/8, $0x8080808007050300
DATA compressTab<>+0x2B8(SB)/8, $0x8080808080070503
DATA compressTab<>+0x2C0(SB)/8, $0x8080800705020100
DATA compressTab<>+0x2C8(SB)/8, $0x8080808007050201
DATA compressTab<>+0x2D0(SB)/8, $0x8080808007050200
DATA compressTab<>+0x2D8(SB)/8, $0x8080808080070502
DATA compressTab<>+0x2E0(SB)/8, $0x8080808007050100
DATA compressTab<>+0x2E8(SB)/8, $0x8080808080070501
DATA compressTab<>+0x2F0(SB)/8, $0x8080808080070500
DATA compressTab<>+0x2F8(SB)/8, $0x8080808080800705
DATA compressTab<>+0x300(SB)/8, $0x8080070403020100
DATA compressTab<>+0x308(SB)/8, $0x8080800704030201
DATA compressTab<>+0x310(SB)/8, $0x8080800704030200
DATA compressTab<>+0x318(SB)/8, $0x8080808007040302
DATA compressTab<>+0x320(SB)/8, $0x8080800704030100
DATA compressTab<>+0x328(SB)/8, $0x8080808007040301
DATA compressTab<>+0x330(SB)/8, $0x8080808007040300
DATA compressTab<>+0x338(SB)/8, $0x8080808080070403
DATA compressTab<>+0x340(SB)/8, $0x8080800704020100
DATA compressTab<>+0x348(SB)/8, $0x8080808007040201
DATA compressTab<>+0x350(SB)/8, $0x8080808007040200
DATA compressTab<>+0x358(SB)/8, $0x8080808080070402
DATA compressTab<>+0x360(SB)/8, $0x8080808007040100
DATA compressTab<>+0x368(SB)/8, $0x8080808080070401
DATA compressTab<>+0x370(SB)/8, $0x8080808080070400
DATA compressTab<>+0x378(SB)/8, $0x8080808080800704
DATA compressTab<>+0x380(SB)/8, $0x8080800703020100
DATA compressTab<>+0x388(SB)/8, $0x8080808007030201
DATA compressTab<>+0x390(SB)/8, $0x8080808007030200
DATA compressTab<>+0x398(SB)/8, $0x8080808080070302
DATA compressTab<>+0x3A0(SB)/8, $0x8080808007030100
DATA compressTab<>+0x3A8(SB)/8, $0x8080808080070301
DATA compressTab<>+0x3B0(SB)/8, $0x8080808080070300
DATA compressTab<>+0x3B8(SB)/8, $0x8080808080800703
DATA compressTab<>+0x3C0(SB)/8, $0x8080808007020100
DATA compressTab<>+0x3C8(SB)/8, $0x8080808080070201
DATA compressTab<>+0x3D0(SB)/8, $0x8080808080070200
DATA compressTab<>+0x3D8(SB)/8, $0x8080808080800702
DATA compressTab<>+0x3E0(SB)/8, $0x8080808080070100
DATA compressTab<>+0x3E8(SB)/8, $0x8080808080800701
DATA compressTab<>+0x3F0(SB)/8, $0x8080808080800700
DATA compressTab<>+0x3F8(SB)/8, $0x8080808080808007
DATA compressTab<>+0x400(SB)/8, $0x8006050403020100
DATA compressTab<>+0x408(SB)/8, $0x8080060504030201
DATA compressTab<>+0x410(SB)/8, $0x8080060504030200
DATA compressTab<>+0x418(SB)/8, $0x8080800605040302
DATA compressTab<>+0x420(SB)/8, $0x8080060504030100
DATA compressTab<>+0x428(SB)/8, $0x8080800605040301
DATA compressTab<>+0x430(SB)/8, $0x8080800605040300
DATA compressTab<>+0x438(SB)/8, $0x8080808006050403
DATA compressTab<>+0x440(SB)/8, $0x8080060504020100
DATA compressTab<>+0x448(SB)/8, $0x8080800605040201
DATA compressTab<>+0x450(SB)/8, $0x8080800605040200
DATA compressTab<>+0x458(SB)/8, $0x8080808006050402
DATA compressTab<>+0x460(SB)/8, $0x8080800605040100
DATA compressTab<>+0x468(SB)/8, $0x8080808006050401
DATA compressTab<>+0x470(SB)/8, $0x8080808006050400
DATA compressTab<>+0x478(SB)/8, $0x8080808080060504
DATA compressTab<>+0x480(SB)/8, $0x8080060503020100
DATA compressTab<>+0x488(SB)/8, $0x8080800605030201
DATA compressTab<>+0x490(SB)/8, $0x8080800605030200
DATA compressTab<>+0x498(SB)/8, $0x8080808006050302
DATA compressTab<>+0x4A0(SB)/8, $0x8080800605030100
DATA compressTab<>+0x4A8(SB)/8, $0x8080808006050301
DATA compressTab<>+0x4B0(SB)/8, $0x8080808006050300
DATA compressTab<>+0x4B8(SB)/8, $0x8080808080060503
DATA compressTab<>+0x4C0(SB)/8, $0x8080800605020100
DATA compressTab<>+0x4C8(SB)/8, $0x8080808006050201
DATA compressTab<>+0x4D0(SB)/8, $0x8080808006050200
DATA compressTab<>+0x4D8(SB)/8, $0x8080808080060502
DATA compressTab<>+0x4E0(SB)/8, $0x8080808006050100
DATA compressTab<>+0x4E8(SB)/8, $0x8080808080060501
DATA compressTab<>+0x4F0(SB)/8, $0x8080808080060500
DATA compressTab<>+0x4F8(SB)/8, $0x8080808080800605
DATA compressTab<>+0x500(SB)/8, $0x8080060403020100
DATA compressTab<>+0x508(SB)/8, $0x8080800604030201
DATA compressTab<>+0x510(SB)/8, $0x8080800604030200
DATA compressTab<>+0x518(SB)/8, $0x8080808006040302
DATA compressTab<>+0x520(SB)/8, $0x8080800604030100
DATA compressTab<>+0x528(SB)/8, $0x8080808006040301
DATA compressTab<>+0x530(SB)/8, $0x8080808006040300
DATA compressTab<>+0x538(SB)/8, $0x8080808080060403
DATA compressTab<>+0x540(SB)/8, $0x8080800604020100
DATA compressTab<>+0x548(SB)/8, $0x8080808006040201
DATA compressTab<>+0x550(SB)/8, $0x8080808006040200
DATA compressTab<>+0x558(SB)/8, $0x8080808080060402
DATA compressTab<>+0x560(SB)/8, $0x8080808006040100
DATA compressTab<>+0x568(SB)/8, $0x8080808080060401
DATA compressTab<>+0x570(SB)/8, $0x8080808080060400
DATA compressTab<>+0x578(SB)/8, $0x8080808080800604
DATA compressTab<>+0x580(SB)/8, $0x8080800603020100
DATA compressTab<>+0x588(SB)/8, $0x8080808006030201
DATA compressTab<>+0x590(SB)/8, $0x8080808006030200
DATA compressTab<>+0x598(SB)/8, $0x8080808080060302
DATA compressTab<>+0x5A0(SB)/8, $0x8080808006030100
DATA compressTab<>+0x5A8(SB)/8, $0x8080808080060301
DATA compressTab<>+0x5B0(SB)/8, $0x8080808080060300
DATA compressTab<>+0x5B8(SB)/8, $0x8080808080800603
DATA compressTab<>+0x5C0(SB)/8, $0x8080808006020100
DATA compressTab<>+0x5C8(SB)/8, $0x8080808080060201
DATA compressTab<>+0x5D0(SB)/8, $0x8080808080060200
DATA compressTab<>+0x5D8(SB)/8, $0x8080808080800602
DATA compressTab<>+0x5E0(SB)/8, $0x8080808080060100
DATA compressTab<>+0x5E8(SB)/8, $0x8080808080800601
DATA compressTab<>+0x5F0(SB)/8, $0x8080808080800600
DATA compressTab<>+0x5F8(SB)/8, $0x8080808080808006
DATA compressTab<>+0x600(SB)/8, $0x8080050403020100
DATA compressTab<>+0x608(SB)/8, $0x8080800504030201
DATA compressTab<>+0x610(SB)/8, $0x8080800504030200
DATA compressTab<>+0x618(SB)/8, $0x8080808005040302
DATA compressTab<>+0x620(SB)/8, $0x8080800504030100
DATA compressTab<>+0x628(SB)/8, $0x8080808005040301
DATA compressTab<>+0x630(SB)/8, $0x8080808005040300
DATA compressTab<>+0x638(SB)/8, $0x8080808080050403
DATA compressTab<>+0x640(SB)/8, $0x8080800504020100
DATA compressTab<>+0x648(SB)/8, $0x8080808005040201
DATA compressTab<>+0x650(SB)/8, $0x8080808005040200
DATA compressTab<>+0x658(SB)/8, $0x8080808080050402
DATA compressTab<>+0x660(SB)/8, $0x8080808005040100
DATA compressTab<>+0x668(SB)/8, $0x8080808080050401
DATA compressTab<>+0x670(SB)/8, $0x8080808080050400
DATA compressTab<>+0x678(SB)/8, $0x8080808080800504
DATA compressTab<>+0x680(SB)/8, $0x8080800503020100
DATA compressTab<>+0x688(SB)/8, $0x8080808005030201
DATA compressTab<>+0x690(SB)/8, $0x8080808005030200
DATA compressTab<>+0x698(SB)/8, $0x8080808080050302
DATA compressTab<>+0x6A0(SB)/8, $0x8080808005030100
DATA compressTab<>+0x6A8(SB)/8, $0x8080808080050301
DATA compressTab<>+0x6B0(SB)/8, $0x8080808080050300
DATA compressTab<>+0x6B8(SB)/8, $0x8080808080800503
DATA compressTab<>+0x6C0(SB)/8, $0x8080808005020100
DATA compressTab<>+0x6C8(SB)/8, $0x8080808080050201
DATA compressTab<>+0x6D0(SB)/8, $0x8080808080050200
DATA compressTab<>+0x6D8(SB)/8, $0x8080808080800502
DATA compressTab<>+0x6E0(SB)/8, $0x8080808080050100
DATA compressTab<>+0x6E8(SB)/8, $0x8080808080800501
DATA compressTab<>+0x6F0(SB)/8, $0x8080808080800500
DATA compressTab<>+0x6F8(SB)/8, $0x8080808080808005
DATA compressTab<>+0x700(SB)/8, $0x8080800403020100
DATA compressTab<>+0x708(SB)/8, $0x8080808004030201
DATA compressTab<>+0x710(SB)/8, $0x8080808004030200
DATA compressTab<>+0x718(SB)/8, $0x8080808080040302
DATA compressTab<>+0x720(SB)/8, $0x8080808004030100
DATA compressTab<>+0x728(SB)/8, $0x8080808080040301
DATA compressTab<>+0x730(SB)/8, $0x8080808080040300
DATA compressTab<>+0x738(SB)/8, $0x8080808080800403
DATA compressTab<>+0x740(SB)/8, $0x8080808004020100
DATA compressTab<>+0x748(SB)/8, $0x8080808080040201
DATA compressTab<>+0x750(SB)/8, $0x8080808080040200
DATA compressTab<>+0x758(SB)/8, $0x8080808080800402
DATA compressTab<>+0x760(SB)/8, $0x8080808080040100
DATA compressTab<>+0x768(SB)/8, $0x8080808080800401
DATA compressTab<>+0x770(SB)/8, $0x8080808080800400
DATA compressTab<>+0x778(SB)/8, $0x8080808080808004
DATA compressTab<>+0x780(SB)/8, $0x8080808003020100
DATA compressTab<>+0x788(SB)/8, $0x8080808080030201
DATA compressTab<>+0x790(SB)/8, $0x8080808080030200
DATA compressTab<>+0x798(SB)/8, $0x8080808080800302
DATA compressTab<>+0x7A0(SB)/8, $0x8080808080030100
DATA compressTab<>+0x7A8(SB)/8, $0x8080808080800301
DATA compressTab<>+0x7B0(SB)/8, $0x8080808080800300
DATA compressTab<>+0x7B8(SB)/8, $0x8080808080808003
DATA compressTab<>+0x7C0(SB)/8, $0x8080808080020100
DATA compressTab<>+0x7C8(SB)/8, $0x8080808080800201
DATA compressTab<>+0x7D0(SB)/8, $0x8080808080800200
DATA compressTab<>+0x7D8(SB)/8, $0x8080808080808002
DATA compressTab<>+0x7E0(SB)/8, $0x8080808080800100
DATA compressTab<>+0x7E8(SB)/8, $0x8080808080808001
DATA compressTab<>+0x7F0(SB)/8, $0x8080808080808000
DATA compressTab<>+0x7F8(SB)/8, $0x8080808080808080
GLOBL compressTab<>(SB), RODATA|NOPTR, $2048

// PACK stores the sixteen bytes of the half XH, less those whose bit is
// set in R13 from bit SHIFT on, at dst+BX, eight bytes at a time, and
// moves BX past them. It uses R9, R11 and X1 to X2.
#define PACK(XH, SHIFT) \
	MOVQ        R13, R9; \
	SHRQ        $SHIFT, R9; \
	MOVBQZX     R9, R11; \
	SHRQ        $8, R9; \
	MOVBQZX     R9, R9; \
	VMOVQ       (R14)(R11*8), X1; \
	VMOVQ       (R14)(R9*8), X2; \
	VPUNPCKLQDQ X2, X1, X1; \
	VPADDB      X6, X1, X1; \
	VPSHUFB     X1, XH, X1; \
	VMOVQ       X1, (DI)(BX*1); \
	POPCNTL     R11, R11; \
	SUBQ        R11, BX; \
	ADDQ        $8, BX; \
	VPSRLDQ     $8, X1, X1; \
	VMOVQ       X1, (DI)(BX*1); \
	POPCNTL     R9, R9; \
	SUBQ        R9, BX; \
	ADDQ        $8, BX

// ESCAPES sets R12 to the escaped bytes of the step whose backslashes
// are in R10, R13 to the backslashes that begin escapes, and R8, the
// carry, to 1 when the last begins one whose letter is in the next step.
// It uses R9.
#define ESCAPES \
	MOVQ  R8, R9; \
	NOTQ  R9; \
	ANDQ  R9, R10; \
	LEAQ  (R8)(R10*2), R12; \
	MOVQ  $0xAAAAAAAA, R9; \
	ANDQ  R10, R9; \
	MOVQ  R12, R13; \
	NOTQ  R13; \
	ANDQ  R13, R9; \
	ADDQ  R10, R9; \
	MOVQ  R9, R8; \
	SHRQ  $32, R8; \
	SHLQ  $1, R9; \
	XORQ  $0x55555555, R9; \
	ANDQ  R12, R9; \
	MOVL  R9, R12; \
	MOVL  R12, R13; \
	NOTL  R13; \
	ANDL  R10, R13

// CHECK jumps to deBail unless every escaped byte (R12) of the step in
// Y0 is the letter of a two-byte escape. It uses R9, Y4 and Y5.
#define CHECK \
	VPSRLW    $4, Y0, Y4; \
	VPAND     Y14, Y4, Y4; \
	VPSHUFB   Y4, Y13, Y4; \
	VPAND     Y14, Y0, Y5; \
	VPSHUFB   Y5, Y12, Y5; \
	VPAND     Y4, Y5, Y4; \
	VPCMPEQB  Y9, Y4, Y4; \
	VPMOVMSKB Y4, R9; \
	ANDL      R12, R9; \
	JNZ       deBail

// LETTERS puts in Y0, in place of each escaped letter from 0x60 up (b,
// f, n, r, t), the byte it stands for. It uses Y1 to Y3.
#define LETTERS \
	VMOVQ        R12, X1; \
	VPBROADCASTD X1, Y1; \
	VPSHUFB      Y8, Y1, Y1; \
	VPAND        Y7, Y1, Y1; \
	VPCMPEQB     Y7, Y1, Y1; \
	VPCMPGTB     Y10, Y0, Y2; \
	VPAND        Y1, Y2, Y2; \
	VPSRLW       $1, Y0, Y3; \
	VPAND        Y14, Y3, Y3; \
	VPSHUFB      Y3, Y11, Y3; \
	VPBLENDVB    Y2, Y3, Y0, Y0

// SETUP loads the arguments and the constants of the scans below: the
// backslash, the low nibble's mask and 0x5F in Y15, Y14 and Y10, the
// tables in Y13, Y12, Y11 and R14, deSpread, deBits and deHalf in Y8, Y7
// and X6, 0 in Y9; AX, BX and the carry in R8 start at 0.
#define SETUP \
	MOVQ           dst_base+0(FP), DI; \
	MOVQ           src_base+24(FP), SI; \
	MOVQ           src_len+32(FP), CX; \
	VPBROADCASTB   deSplat<>+0(SB), Y15; \
	VPBROADCASTB   deSplat<>+1(SB), Y14; \
	VPBROADCASTB   deSplat<>+2(SB), Y10; \
	VBROADCASTI128 ·escHi(SB), Y13; \
	VBROADCASTI128 ·escLo(SB), Y12; \
	VBROADCASTI128 deLetter<>(SB), Y11; \
	VMOVDQU        deSpread<>(SB), Y8; \
	VMOVDQU        deBits<>(SB), Y7; \
	VMOVDQU        deHalf<>(SB), X6; \
	VPXOR          Y9, Y9, Y9; \
	LEAQ           compressTab<>(SB), R14; \
	XORQ           AX, AX; \
	XORQ           BX, BX; \
	XORQ           R8, R8

// LASTSTEP loads the last 32 bytes of src, where fewer than 32 are left
// after src[AX], into Y0, and their backslashes into R10 as a step whose
// first byte is not escaped: those before src[AX], decoded already (DX),
// read as none, but for the last of them, read as a backslash when the
// carry says that src[AX] is escaped. The carry is then 0.
#define LASTSTEP \
	LEAQ      -32(CX), DX; \
	VMOVDQU   (SI)(DX*1), Y0; \
	VPCMPEQB  Y0, Y15, Y1; \
	VPMOVMSKB Y1, R10; \
	SUBQ      AX, CX; \
	MOVL      $0xFFFFFFFF, DX; \
	SHRL      CX, DX; \
	MOVL      DX, R12; \
	SHRL      $1, R12; \
	XORL      DX, R12; \
	NEGQ      R8; \
	ANDQ      R8, R12; \
	MOVL      DX, R13; \
	NOTL      R13; \
	ANDL      R13, R10; \
	ORL       R12, R10; \
	XORQ      R8, R8; \
	MOVQ      src_len+32(FP), CX

// func unescapeDenseVector(dst, src []byte) (nd, ns int)
TEXT ·unescapeDenseVector(SB), NOSPLIT, $0-64
	SETUP

deLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        deLast
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y0, Y15, Y1
	VPMOVMSKB Y1, R10 // backslashes
	MOVL      R10, R9
	ORL       R8, R9
	JNZ       deEscapes
	VMOVDQU   Y0, (DI)(BX*1)
	MOVQ      DX, AX
	ADDQ      $32, BX
	JMP       deLoop

deEscapes:
	MOVQ R8, R11 // the carry in, for deBail
	ESCAPES
	CHECK
	LETTERS
	VEXTRACTI128 $1, Y0, X5
	PACK(X0, 0)
	PACK(X5, 16)
	MOVQ DX, AX
	JMP  deLoop

deLast:
	// Fewer than 32 bytes left, and at least 32 in src: one step of the
	// last 32 bytes, with those before src[AX] (decoded already) read as
	// no backslashes, and dropped; an escape that src[AX] ends counts
	// from a backslash just before it.
	CMPQ      AX, CX
	JEQ       deEnd
	MOVQ      R8, R11
	LASTSTEP
	ESCAPES
	TESTQ     R8, R8
	JNZ       deBail           // a lone backslash at the end
	CHECK
	LETTERS
	ORL       DX, R13
	VEXTRACTI128 $1, Y0, X5
	PACK(X0, 0)
	PACK(X5, 16)
	MOVQ CX, AX

deEnd:
	// The caller decodes from the backslash of an escape that the last
	// step began, if any.
	SUBQ R8, AX
	MOVQ BX, nd+48(FP)
	MOVQ AX, ns+56(FP)
	VZEROUPPER
	RET

deBail:
	// A \u or a bad escape in the step: the caller decodes it, from the
	// step's start, or from the backslash before it that escapes its
	// first byte.
	SUBQ R11, AX
	MOVQ BX, nd+48(FP)
	MOVQ AX, ns+56(FP)
	VZEROUPPER
	RET

// suQuote and suCtrl: the quote, and the highest control byte, in every
// place of a step.
DATA suQuote<>+0x00(SB)/8, $0x2222222222222222
DATA suQuote<>+0x08(SB)/8, $0x2222222222222222
DATA suQuote<>+0x10(SB)/8, $0x2222222222222222
DATA suQuote<>+0x18(SB)/8, $0x2222222222222222
GLOBL suQuote<>(SB), RODATA|NOPTR, $32

DATA suCtrl<>+0x00(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA suCtrl<>+0x08(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA suCtrl<>+0x10(SB)/8, $0x1F1F1F1F1F1F1F1F
DATA suCtrl<>+0x18(SB)/8, $0x1F1F1F1F1F1F1F1F
GLOBL suCtrl<>(SB), RODATA|NOPTR, $32

// The UTF-8 check reads the tables of vector_amd64.s: ·u8HiPrev,
// ·u8LoPrev and ·u8HiCur, the error bits by nibble, and ·u8Lead3,
// ·u8Lead4 and ·u8Highs, which mark a byte that leads three or four.

// PROBLEMS sets R10 to the bytes of the step in Y0 that stop the scan
// short of a decision: control bytes, and escaped bytes (R12) that are
// not the letter of a two-byte escape; and R9 to its quotes that no
// backslash escapes. It uses Y3 to Y5.
#define PROBLEMS \
	VPSRLW    $4, Y0, Y4; \
	VPAND     Y14, Y4, Y4; \
	VPSHUFB   Y4, Y13, Y4; \
	VPAND     Y14, Y0, Y5; \
	VPSHUFB   Y5, Y12, Y5; \
	VPAND     Y4, Y5, Y4; \
	VPCMPEQB  Y9, Y4, Y4; \
	VPMOVMSKB Y4, R10; \
	ANDL      R12, R10; \
	VPMAXUB   suCtrl<>(SB), Y0, Y3; \
	VPCMPEQB  suCtrl<>(SB), Y3, Y3; \
	VPMOVMSKB Y3, R9; \
	ORL       R9, R10; \
	VPCMPEQB  suQuote<>(SB), Y0, Y3; \
	VPMOVMSKB Y3, R9; \
	MOVL      R12, R11; \
	NOTL      R11; \
	ANDL      R11, R9

// UTF8 sets R11 to the bytes of the step in Y0 where its UTF-8 is not
// valid, given the three bytes before it at P1, P2 and P3 from
// (SI)(IDX*1), and adds them to R10's problems. A byte is marked when it
// breaks a sequence that the bytes before it began, or begins none where
// it must continue one; a sequence that the step's end cuts is marked in
// the next step. The lookups are those of Keiser and Lemire's validation
// (simdjson): by the high and low nibbles of the byte before and the
// high nibble of the byte, each sets the bits of the errors its nibble
// allows, and an error is a bit set in all three; or a byte that must
// continue a sequence of three or four bytes begun two or three bytes
// before, and does not, or the converse. It uses Y1 to Y3.
#define UTF8(P1, P2, P3, IDX) \
	VMOVDQU        P1(SI)(IDX*1), Y1; \
	VPSRLW         $4, Y1, Y2; \
	VPAND          Y14, Y2, Y2; \
	VBROADCASTI128 ·u8HiPrev(SB), Y3; \
	VPSHUFB        Y2, Y3, Y2; \
	VPAND          Y14, Y1, Y1; \
	VBROADCASTI128 ·u8LoPrev(SB), Y3; \
	VPSHUFB        Y1, Y3, Y1; \
	VPAND          Y1, Y2, Y2; \
	VPSRLW         $4, Y0, Y1; \
	VPAND          Y14, Y1, Y1; \
	VBROADCASTI128 ·u8HiCur(SB), Y3; \
	VPSHUFB        Y1, Y3, Y1; \
	VPAND          Y1, Y2, Y2; \
	VMOVDQU        P2(SI)(IDX*1), Y1; \
	VPSUBUSB       ·u8Lead3(SB), Y1, Y1; \
	VMOVDQU        P3(SI)(IDX*1), Y3; \
	VPSUBUSB       ·u8Lead4(SB), Y3, Y3; \
	VPOR           Y3, Y1, Y1; \
	VPAND          ·u8Highs(SB), Y1, Y1; \
	VPXOR          Y1, Y2, Y2; \
	VPCMPEQB       Y9, Y2, Y2; \
	VPMOVMSKB      Y2, R11; \
	NOTL           R11; \
	ORL            R11, R10

// func scanUnescapeVector(dst, src []byte, i int) (nd, ns int, done bool)
TEXT ·scanUnescapeVector(SB), NOSPLIT, $16-73
	SETUP
	MOVQ i+48(FP), AX

suLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        suLast
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y0, Y15, Y1
	VPMOVMSKB Y1, R10 // backslashes
	MOVQ      R8, ci-8(SP)
	ESCAPES
	PROBLEMS
	VPMOVMSKB Y0, R11
	TESTL     $0x00808080, -3(SI)(AX*1)
	JNZ       suUTF8
	TESTL     R11, R11
	JNZ       suUTF8

suChecked:
	// R11: the bytes whose UTF-8 is not valid, none in a step of ASCII
	// that the three bytes before it leave no sequence to end.
	TESTL     R9, R9
	JNZ       suQuoteStep
	TESTL     R10, R10
	JNZ       suBail
	LETTERS
	VEXTRACTI128 $1, Y0, X5
	PACK(X0, 0)
	PACK(X5, 16)
	MOVQ DX, AX
	JMP  suLoop

suUTF8:
	UTF8(-1, -2, -3, AX)
	JMP suChecked

suQuoteStep:
	// The string ends in this step: at its first quote not escaped,
	// after which nothing is read; a sequence that the quote cuts is
	// marked at the quote.
	LEAL  -1(R9), DX
	XORL  R9, DX
	TESTL DX, R11
	JNZ   suBail
	BSFL  R9, R11
	LEAQ  -1(R9), DX
	NOTL  R9
	ANDL  DX, R9 // the bytes before the quote
	TESTL R9, R10
	JNZ   suBail
	NOTL  R9
	ORL   R9, R13
	LEAQ  1(AX)(R11*1), AX
	JMP   suDone

suLast:
	// Fewer than 32 bytes left: one step of the last 32 bytes of src,
	// as in unescapeDenseVector's deLast, where the string must end.
	CMPQ      AX, CX
	JEQ       suEnd
	MOVQ      R8, ci-8(SP)
	LASTSTEP
	ESCAPES
	PROBLEMS
	VPMOVMSKB Y0, R11
	TESTL     $0x00808080, -3(SI)(AX*1)
	JNZ       suLastUTF8
	TESTL     R11, R11
	JZ        suLastChecked

suLastUTF8:
	UTF8(-33, -34, -35, CX)

suLastChecked:
	MOVL      R11, ue-16(SP)
	MOVL      DX, R11
	NOTL      R11
	ANDL      R11, R9
	ANDL      R11, R10
	ANDL      R11, ue-16(SP)
	TESTL     R9, R9
	JZ        suBail // no end in src
	ORL       DX, R13
	LEAL      -1(R9), DX
	XORL      R9, DX
	MOVL      ue-16(SP), R11
	TESTL     DX, R11
	JNZ       suBail
	BSFL      R9, R11
	LEAQ      -1(R9), DX
	NOTL      R9
	ANDL      DX, R9
	TESTL     R9, R10
	JNZ       suBail
	NOTL      R9
	ORL       R9, R13
	LEAQ      -31(CX)(R11*1), AX

suDone:
	LETTERS
	VEXTRACTI128 $1, Y0, X5
	PACK(X0, 0)
	PACK(X5, 16)
	MOVQ BX, nd+56(FP)
	MOVQ AX, ns+64(FP)
	MOVB $1, done+72(FP)
	VZEROUPPER
	RET

suEnd:
	MOVQ R8, ci-8(SP)

suBail:
	// A byte the scan does not decide, or no end: the caller reads on
	// from the step's start, or from the backslash before it that
	// escapes its first byte.
	SUBQ ci-8(SP), AX
	MOVQ BX, nd+56(FP)
	MOVQ AX, ns+64(FP)
	MOVB $0, done+72(FP)
	VZEROUPPER
	RET

// func skipValidVector(b []byte) (n int, quote bool)
TEXT ·skipValidVector(SB), NOSPLIT, $0-33
	MOVQ         b_base+0(FP), SI
	MOVQ         b_len+8(FP), CX
	VPBROADCASTB deSplat<>+0(SB), Y15
	XORQ         AX, AX
	XORQ         R8, R8 // 1 when the step's first byte is escaped

svLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        svOut
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  suQuote<>(SB), Y0, Y1
	VPMOVMSKB Y1, R11 // quotes
	VPCMPEQB  Y0, Y15, Y2
	VPMOVMSKB Y2, R10 // backslashes
	MOVL      R10, BX
	ORL       R8, BX
	JNZ       svEscapes
	TESTL     R11, R11
	JNZ       svQuote
	MOVQ      DX, AX
	JMP       svLoop

svEscapes:
	ESCAPES
	NOTL  R12
	ANDL  R12, R11 // quotes that end the string
	JNZ   svQuote
	MOVQ  DX, AX
	JMP   svLoop

svQuote:
	BSFL  R11, R11
	ADDQ  R11, AX
	MOVQ  AX, n+24(FP)
	MOVB  $1, quote+32(FP)
	VZEROUPPER
	RET

svOut:
	// Fewer than 32 bytes left: back to the backslash of an escape that
	// the last step began, so that b[n] is not escaped.
	SUBQ R8, AX
	MOVQ AX, n+24(FP)
	MOVB $0, quote+32(FP)
	VZEROUPPER
	RET
