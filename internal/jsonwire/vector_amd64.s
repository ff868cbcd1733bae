//go:build amd64 && !purego

#include "textflag.h"

// NOTE: The vector scans of vector_amd64.go, in AVX2. Every load is of
// 32 bytes inside b (or of 4, before the last 32 bytes of b): a scan
// reads b only when 32 bytes remain, steps while 32 remain, and then
// reads the last 32 bytes of b again (SkipSpace, scanStringVector).
// scanStringTail reads the last 32 bytes of b once, those before the
// scan's start read as 0.
// SkipSpace jumps to the pure-Go scan when the vector scans are off or
// fewer than 32 bytes remain; its frame is that scan's, so the jump is
// the call.
//
// scanStringVector checks UTF-8 as in Keiser and Lemire, "Validating
// UTF-8 in less than one instruction per byte" (2021): each byte, with
// the byte before it, is looked up by three nibbles (the previous byte's
// high and low nibble, and its own high nibble) in three tables of error
// bits, and the AND of the three says what is wrong with the pair. What
// one pair cannot see, the third and fourth bytes of a long sequence,
// comes from the bytes two and three before. The tables below are
// written from the error classes:
//
//	0x01 short    a lead byte not followed by a continuation
//	0x02 long     a continuation after an ASCII byte
//	0x04 over3    E0 followed by 80..9F (an overlong form)
//	0x08 large    F4..FF followed by 90..BF (past U+10FFFF)
//	0x10 surr     ED followed by A0..BF (a UTF-16 surrogate)
//	0x20 over2    C0 or C1 followed by a continuation
//	0x40 over4    F0 followed by 80..8F, or F5..FF followed by 80..8F
//	0x80 twoconts a continuation after a continuation: an error unless
//	              the byte two or three before leads a long sequence,
//	              and wanted when it does
//
// The byte after the last of a string's bytes is read as 0 (ASCII), so
// a character its end cuts is "short".

// The tables are of 16 bytes, one per nibble, broadcast to both halves
// of a register (VPSHUFB looks up within each half). unescape_amd64.s
// reads them, and u8Lead3, u8Lead4 and u8Highs, too.

// u8HiPrev: error bits by the previous byte's high nibble.
DATA ·u8HiPrev+0x00(SB)/8, $0x0202020202020202 // 0-7: ASCII
DATA ·u8HiPrev+0x08(SB)/8, $0x4915012180808080 // 8-B: continuation; C, D, E, F: leads
GLOBL ·u8HiPrev(SB), RODATA|NOPTR, $16

// u8LoPrev: error bits by the previous byte's low nibble. short, long and
// twoconts hold for any; the rest narrow a lead down.
DATA ·u8LoPrev+0x00(SB)/8, $0xCBCBCB8B8383A3E7 // 0: over2 over3 over4; 1: over2; 4: large; 5-7: large over4
DATA ·u8LoPrev+0x08(SB)/8, $0xCBCBDBCBCBCBCBCB // 8-F: large over4; D: surr
GLOBL ·u8LoPrev(SB), RODATA|NOPTR, $16

// u8HiCur: error bits by the byte's own high nibble.
DATA ·u8HiCur+0x00(SB)/8, $0x0101010101010101 // 0-7: not a continuation
DATA ·u8HiCur+0x08(SB)/8, $0x01010101BABAAEE6 // 8: 80..8F; 9: 90..9F; A-B: A0..BF; C-F: not a continuation
GLOBL ·u8HiCur(SB), RODATA|NOPTR, $16

// Bytes that the scans broadcast to every place of a register: the low
// nibble's mask, the quote, the backslash, and the highest control byte.
DATA splat<>+0x00(SB)/4, $0x1F5C220F
GLOBL splat<>(SB), RODATA|NOPTR, $4

// u8Lead3 and u8Lead4, subtracted with saturation, leave 0x80 or more from a
// byte that leads a sequence of 3 or more (E0 up), and of 4 (F0 up).
DATA ·u8Lead3+0x00(SB)/8, $0x6060606060606060
DATA ·u8Lead3+0x08(SB)/8, $0x6060606060606060
DATA ·u8Lead3+0x10(SB)/8, $0x6060606060606060
DATA ·u8Lead3+0x18(SB)/8, $0x6060606060606060
GLOBL ·u8Lead3(SB), RODATA|NOPTR, $32

DATA ·u8Lead4+0x00(SB)/8, $0x7070707070707070
DATA ·u8Lead4+0x08(SB)/8, $0x7070707070707070
DATA ·u8Lead4+0x10(SB)/8, $0x7070707070707070
DATA ·u8Lead4+0x18(SB)/8, $0x7070707070707070
GLOBL ·u8Lead4(SB), RODATA|NOPTR, $32

DATA ·u8Highs+0x00(SB)/8, $0x8080808080808080
DATA ·u8Highs+0x08(SB)/8, $0x8080808080808080
DATA ·u8Highs+0x10(SB)/8, $0x8080808080808080
DATA ·u8Highs+0x18(SB)/8, $0x8080808080808080
GLOBL ·u8Highs(SB), RODATA|NOPTR, $32

// cutMax: the most each of the last three bytes of a step may be for no
// character to run on into the next (BF, DF, EF); subtracted with
// saturation, it leaves a byte other than 0 where one does.
DATA cutMax<>+0x00(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA cutMax<>+0x08(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA cutMax<>+0x10(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA cutMax<>+0x18(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL cutMax<>(SB), RODATA|NOPTR, $32

// keep: 32 bytes of FF, then 32 of 0. The 32 bytes at keep+32-k keep
// the first k bytes of a step and zero the rest.
DATA keep<>+0x00(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA keep<>+0x08(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA keep<>+0x10(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA keep<>+0x18(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA keep<>+0x20(SB)/8, $0
DATA keep<>+0x28(SB)/8, $0
DATA keep<>+0x30(SB)/8, $0
DATA keep<>+0x38(SB)/8, $0
GLOBL keep<>(SB), RODATA|NOPTR, $64

// spaceByLow: by a byte's low nibble, the one whitespace byte with that
// nibble, or 0 (which has another). VPSHUFB gives 0 for a byte of 0x80
// or more. So a byte is whitespace when its lookup equals it.
DATA spaceByLow<>+0x00(SB)/8, $0x0000000000000020
DATA spaceByLow<>+0x08(SB)/8, $0x00000D00000A0900
GLOBL spaceByLow<>(SB), RODATA|NOPTR, $16

// func SkipSpace(b []byte, i int) int
TEXT ·SkipSpace(SB), NOSPLIT, $0-40
	MOVQ    b_len+8(FP), CX
	MOVQ    i+24(FP), AX
	MOVQ    b_base+0(FP), SI
	CMPQ    AX, CX
	JAE     spaceSWAR
	CMPB    (SI)(AX*1), $0x20
	JA      spaceNone // no whitespace at all, as before a colon in most JSON
	MOVQ    CX, DX
	SUBQ    AX, DX
	CMPQ    DX, $32
	JLT     spaceSWAR
	CMPB    ·vector(SB), $0
	JEQ     spaceSWAR
	VBROADCASTI128 spaceByLow<>(SB), Y1

spaceLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        spaceTail
	VMOVDQU   (SI)(AX*1), Y0
	VPSHUFB   Y0, Y1, Y2
	VPCMPEQB  Y0, Y2, Y2
	VPMOVMSKB Y2, BX
	NOTL      BX
	TESTL     BX, BX
	JNZ       spaceFound
	MOVQ      DX, AX
	JMP       spaceLoop

spaceTail:
	// The last 32 bytes of b, b[len-32:], of which those before b[AX]
	// were read: DX = AX+32-len of them, 1 to 31.
	CMPQ      AX, CX
	JEQ       spaceAll
	VMOVDQU   -32(SI)(CX*1), Y0
	VPSHUFB   Y0, Y1, Y2
	VPCMPEQB  Y0, Y2, Y2
	VPMOVMSKB Y2, BX
	NOTL      BX
	SUBQ      CX, DX
	MOVQ      CX, R8
	MOVQ      DX, CX
	SHRL      CX, BX
	MOVQ      R8, CX
	TESTL     BX, BX
	JZ        spaceAll

spaceFound:
	BSFL       BX, BX
	ADDQ       BX, AX
	MOVQ       AX, ret+32(FP)
	VZEROUPPER
	RET

spaceAll:
	MOVQ       CX, ret+32(FP)
	VZEROUPPER
	RET

spaceNone:
	MOVQ AX, ret+32(FP)
	RET

spaceSWAR:
	JMP ·skipSpaceSWAR(SB)

// UTF8ERR sets Y1 to the error bits of the step in Y0, whose previous
// step is in Y8 (see the NOTE). It uses Y2, Y3, Y5 and Y6, and the
// tables in Y9 to Y12.
#define UTF8ERR \
	VPERM2I128 $0x21, Y0, Y8, Y2 \ // the previous step's high half, and this one's low half
	VPALIGNR   $15, Y2, Y0, Y3   \ // the byte before each
	VPSRLW     $4, Y3, Y5        \
	VPAND      Y12, Y5, Y5       \
	VPSHUFB    Y5, Y11, Y5       \ // hiPrev
	VPAND      Y12, Y3, Y6       \
	VPSHUFB    Y6, Y10, Y6       \ // loPrev
	VPAND      Y6, Y5, Y5        \
	VPSRLW     $4, Y0, Y6        \
	VPAND      Y12, Y6, Y6       \
	VPSHUFB    Y6, Y9, Y6        \ // hiCur
	VPAND      Y6, Y5, Y5        \
	VPALIGNR   $14, Y2, Y0, Y3   \ // the byte two before
	VPALIGNR   $13, Y2, Y0, Y6   \ // the byte three before
	VPSUBUSB   ·u8Lead3(SB), Y3, Y3 \
	VPSUBUSB   ·u8Lead4(SB), Y6, Y6 \
	VPOR       Y6, Y3, Y3        \
	VPAND      ·u8Highs(SB), Y3, Y3 \ // 0x80 where a continuation is due
	VPXOR      Y3, Y5, Y1

// STOPS sets BX to the mask of the quotes, backslashes and control
// bytes of the step in Y0, with the quote, the backslash and 0x1F in
// every byte of Y15, Y14 and Y13. It uses Y1 and Y2.
#define STOPS \
	VPCMPEQB  Y0, Y15, Y1 \
	VPCMPEQB  Y0, Y14, Y2 \
	VPOR      Y1, Y2, Y1  \
	VPMAXUB   Y0, Y13, Y2 \
	VPCMPEQB  Y2, Y13, Y2 \ // a control byte: at most 0x1F
	VPOR      Y1, Y2, Y1  \
	VPMOVMSKB Y1, BX

// ESCAPE steps over the escape whose backslash may be the stop at lane
// L of the step at P, BX's lowest bit: when it is the backslash of a
// two-byte escape whose letter is in the step, it clears the bits of the
// backslash and the letter (which may be a quote or a backslash) and
// moves L to the letter; otherwise it jumps to STOP. T holds unescapeTab.
// It uses R.
#define ESCAPE(P, L, T, R, STOP) \
	CMPB    (P)(L*1), $0x5C \
	JNE     STOP            \
	CMPL    L, $31          \
	JEQ     STOP            \ // the escape's letter is in the next step, or past b's end
	MOVBLZX 1(P)(L*1), R    \
	CMPB    (T)(R*1), $0    \
	JEQ     STOP            \ // \u, or a bad escape: the caller reads it
	BTRL    L, BX           \
	INCL    L               \
	BTRL    L, BX

// func scanStringVector(b []byte) (n int, stop bool)
TEXT ·scanStringVector(SB), NOSPLIT, $0-33
	MOVQ    b_base+0(FP), SI
	MOVQ    b_len+8(FP), CX
	VBROADCASTI128 ·u8HiCur(SB), Y9
	VBROADCASTI128 ·u8LoPrev(SB), Y10
	VBROADCASTI128 ·u8HiPrev(SB), Y11
	VPBROADCASTB   splat<>+0(SB), Y12
	VPBROADCASTB   splat<>+3(SB), Y13
	VPBROADCASTB   splat<>+2(SB), Y14
	VPBROADCASTB   splat<>+1(SB), Y15
	VPXOR   Y8, Y8, Y8 // the step before b: as if ASCII, b[0] being a point between characters
	VPXOR   Y7, Y7, Y7 // not 0 where a character runs on into this step
	XORQ    AX, AX
	LEAQ    unescapeTab<>(SB), R11

strLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        strTail
	VMOVDQU   (SI)(AX*1), Y0
	STOPS
	TESTL     BX, BX
	LEAQ      (SI)(AX*1), R9 // the step, for strStop
	JNZ       strStop
	VPMOVMSKB Y0, DX
	TESTL     DX, DX
	JNZ       strUTF8
	VPTEST    Y7, Y7 // all ASCII: only a character cut before it is wrong
	JNZ       strOut
	VMOVDQU   Y0, Y8
	ADDQ      $32, AX
	JMP       strLoop

strUTF8:
	UTF8ERR
	VPTEST   Y1, Y1
	JNZ      strOut
	VPSUBUSB cutMax<>(SB), Y0, Y7
	VMOVDQU  Y0, Y8
	ADDQ     $32, AX
	JMP      strLoop

strStop:
	// The first stop byte, BX's lowest bit, unless it is the backslash
	// of a two-byte escape whose letter is in the step: those are
	// stepped over, and a step of nothing else goes on as one with no
	// stop.
	BSFL      BX, DX
	ESCAPE(R9, DX, R11, R10, strStopAt)
	TESTL     BX, BX
	JNZ       strStop
	VPMOVMSKB Y0, DX
	TESTL     DX, DX
	JNZ       strUTF8
	VPTEST    Y7, Y7
	JNZ       strOut
	VMOVDQU   Y0, Y8
	ADDQ      $32, AX
	JMP       strLoop

strStopAt:
	// The step up to its first stop byte, DX, with the bytes from
	// there on read as 0.
	MOVL      DX, BX
	LEAQ      keep<>+32(SB), DX
	SUBQ      BX, DX
	VPAND     (DX), Y0, Y0
	VPMOVMSKB Y0, DX
	TESTL     DX, DX
	JNZ       strStopUTF8
	VPTEST    Y7, Y7
	JNZ       strOut
	JMP       strFound

strStopUTF8:
	UTF8ERR
	VPTEST Y1, Y1
	JNZ    strOut

strFound:
	ADDQ       BX, AX
	MOVQ       AX, n+24(FP)
	MOVB       $1, stop+32(FP)
	VZEROUPPER
	RET

strOut:
	MOVQ       AX, n+24(FP)
	MOVB       $0, stop+32(FP)
	VZEROUPPER
	RET

strTail:
	// Fewer than 32 bytes left, DX = len-AX of them: the last 32 bytes
	// of b hold them after R8 = 32-DX bytes read already. With R8 at
	// least 3, the bytes that the UTF-8 check of each byte left looks
	// back on are among the 32, so the check runs as if ASCII came
	// before them, and its errors before R8 are dropped. With R8 1 or
	// 2, some are before the 32: the check takes the 4 bytes before
	// them as the end of the step before (len is at least 62 then,
	// after a whole step).
	MOVQ      CX, DX
	SUBQ      AX, DX
	JZ        strOut
	MOVQ      $32, R8
	SUBQ      DX, R8
	VPXOR     Y8, Y8, Y8
	CMPQ      R8, $3
	JAE       strTailRead
	VPBROADCASTD -36(SI)(CX*1), Y8

strTailRead:
	VMOVDQU   -32(SI)(CX*1), Y0
	STOPS
	MOVQ      CX, R9 // len, while CL holds a shift
	MOVQ      R8, CX
	SHRL      CX, BX
	SHLL      CX, BX // the stops left
	LEAQ      -32(SI)(R9*1), R12 // the step

strTailStops:
	// The first stop, R10, or 32 for none: the first byte not checked.
	// Two-byte escapes are stepped over, as in strStop.
	MOVL      $32, R10
	TESTL     BX, BX
	JZ        strTailCheck
	BSFL      BX, R10
	ESCAPE(R12, R10, R11, DX, strTailStop)
	JMP       strTailStops

strTailStop:
	LEAQ      keep<>+32(SB), DX
	SUBQ      R10, DX
	VPAND     (DX), Y0, Y0 // the bytes from the stop on read as 0

strTailCheck:
	UTF8ERR
	VPXOR     Y4, Y4, Y4
	VPCMPEQB  Y4, Y1, Y1
	VPMOVMSKB Y1, DX
	NOTL      DX
	SHRL      CX, DX
	MOVQ      R9, CX
	TESTL     DX, DX
	JNZ       strOut // bad UTF-8 after the bytes read: the caller reads them
	LEAQ      -32(CX)(R10*1), AX
	MOVQ      AX, n+24(FP)
	CMPL      R10, $32
	SETNE     stop+32(FP) // at a stop; else the end of b, after whole characters but for one it may cut
	VZEROUPPER
	RET

// func scanStringTail(b []byte, i int) (n int, stop bool)
TEXT ·scanStringTail(SB), NOSPLIT, $0-41
	MOVQ    b_base+0(FP), SI
	MOVQ    b_len+8(FP), CX
	MOVQ    i+24(FP), AX
	LEAQ    -32(SI)(CX*1), SI // the window: the last 32 bytes of b
	SUBQ    CX, AX
	ADDQ    $32, AX // its lanes before b[i], 1 to 31
	LEAQ    keep<>+32(SB), DX
	SUBQ    AX, DX
	VMOVDQU (DX), Y1
	VPANDN  (SI), Y1, Y0 // the window, with the lanes before b[i] read as 0
	VPBROADCASTB splat<>+1(SB), Y15
	VPBROADCASTB splat<>+2(SB), Y14
	VPBROADCASTB splat<>+3(SB), Y13
	STOPS
	MOVQ      AX, CX
	SHRL      CX, BX
	SHLL      CX, BX // the stops from b[i] on
	LEAQ      unescapeTab<>(SB), R10

tailStops:
	// The first stop, unless it is the backslash of a two-byte escape
	// whose letter is in b: those are stepped over.
	MOVL    $32, DX
	TESTL   BX, BX
	JZ      tailCheck
	BSFL    BX, DX
	ESCAPE(SI, DX, R10, R9, tailStop)
	JMP     tailStops

tailStop:
	LEAQ  keep<>+32(SB), R9
	SUBQ  DX, R9
	VPAND (R9), Y0, Y0 // the bytes from the stop on read as 0

tailCheck:
	// DX is the stop's lane, or 32 for none. Y0 holds the bytes from b[i]
	// up to it, ASCII before and after: the UTF-8 check runs only on a
	// window with a byte of 0x80 or more.
	VPMOVMSKB Y0, R9
	TESTL     R9, R9
	JZ        tailOK
	VBROADCASTI128 ·u8HiCur(SB), Y9
	VBROADCASTI128 ·u8LoPrev(SB), Y10
	VBROADCASTI128 ·u8HiPrev(SB), Y11
	VPBROADCASTB   splat<>+0(SB), Y12
	VPXOR     Y8, Y8, Y8
	UTF8ERR
	VPTEST    Y1, Y1
	JNZ       tailBad

tailOK:
	MOVQ  b_len+8(FP), CX
	LEAQ  -32(CX)(DX*1), AX
	MOVQ  AX, n+32(FP)
	CMPL  DX, $32
	SETNE stop+40(FP) // at a stop; else the end of b, after whole characters but for one it may cut
	VZEROUPPER
	RET

tailBad:
	// Bad UTF-8: the caller reads b[i:] again, and finds it.
	MOVQ i+24(FP), AX
	MOVQ AX, n+32(FP)
	MOVB $0, stop+40(FP)
	VZEROUPPER
	RET

// NOTE: scanEscapedVector, the vector scan of string contents that are
// ASCII with escapes close together, as JSON text quoted in a string
// is. Each 32-byte step takes four masks (quotes, backslashes, control
// bytes, non-ASCII bytes). A step with a backslash, or whose first byte
// a backslash at the end of the step before escapes, finds the bytes
// that backslashes escape as simdjson does (find_escaped, in Langdale
// and Lemire, "Parsing Gigabytes of JSON per Second", 2019): a run of
// backslashes escapes the byte after it when the run is odd, and the
// carry out of the addition says whether the next step's first byte is
// escaped. An escaped byte must be the letter of a two-byte escape,
// looked up by its two nibbles in two tables of class bits (as in the
// UTF-8 check of vector_amd64.s); a \u escape or a bad one stops the
// scan at its backslash.

// escHi and escLo: class bits of the letters of the two-byte escapes,
// by high and by low nibble: 1 for '"' and '/', 2 for '\\', 4 for 'b',
// 'f' and 'n', 8 for 'r' and 't'. A byte is such a letter when the two
// lookups share a bit. unescape_amd64.s reads them too.
DATA ·escHi+0x00(SB)/8, $0x0804020000010000 // 2: " /; 5: \; 6: b f n; 7: r t
DATA ·escHi+0x08(SB)/8, $0
GLOBL ·escHi(SB), RODATA|NOPTR, $16

DATA ·escLo+0x00(SB)/8, $0x00040008000D0000 // 2: " b r; 4: t; 6: f
DATA ·escLo+0x08(SB)/8, $0x0104000200000000 // C: \; E: n; F: /
GLOBL ·escLo(SB), RODATA|NOPTR, $16

// func scanEscapedVector(b []byte) (n int, quote bool)
TEXT ·scanEscapedVector(SB), NOSPLIT, $0-33
	MOVQ           b_base+0(FP), SI
	MOVQ           b_len+8(FP), CX
	VPBROADCASTB   splat<>+1(SB), Y15
	VPBROADCASTB   splat<>+2(SB), Y14
	VPBROADCASTB   splat<>+3(SB), Y13
	VPBROADCASTB   splat<>+0(SB), Y12
	VBROADCASTI128 ·escHi(SB), Y11
	VBROADCASTI128 ·escLo(SB), Y10
	VPXOR          Y9, Y9, Y9
	XORQ           AX, AX
	XORQ           R8, R8 // 1 when the step's first byte is escaped

escLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        escOut
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y0, Y15, Y1
	VPMOVMSKB Y1, R9 // quotes
	VPCMPEQB  Y0, Y14, Y2
	VPMOVMSKB Y2, R10 // backslashes
	VPMAXUB   Y0, Y13, Y3
	VPCMPEQB  Y3, Y13, Y3
	VPMOVMSKB Y3, R11 // control bytes
	VPMOVMSKB Y0, BX  // non-ASCII bytes
	ORL       BX, R11
	MOVL      R10, BX
	ORL       R8, BX
	JNZ       escEscapes
	MOVL      R9, BX // no escape: the stops are the quotes and R11
	ORL       R11, BX
	JNZ       escStop
	MOVQ      DX, AX
	JMP       escLoop

escEscapes:
	MOVQ      R8, BX
	NOTQ      BX
	ANDQ      BX, R10          // backslashes that the step before does not escape
	LEAQ      (R8)(R10*2), R12 // the bytes that follow one, or the first when escaped
	MOVQ      $0xAAAAAAAA, BX
	ANDQ      R10, BX
	MOVQ      R12, DI
	NOTQ      DI
	ANDQ      DI, BX           // the starts of runs at odd places
	ADDQ      R10, BX          // runs starting at even places end with a 0 after them
	MOVQ      BX, R8
	SHRQ      $32, R8          // the carry: the last run goes on into the next step
	SHLQ      $1, BX
	XORQ      $0x55555555, BX
	ANDQ      R12, BX
	MOVL      BX, R12          // escaped bytes, of this step only
	VPSRLW    $4, Y0, Y4
	VPAND     Y12, Y4, Y4
	VPSHUFB   Y4, Y11, Y4
	VPAND     Y12, Y0, Y5
	VPSHUFB   Y5, Y10, Y5
	VPAND     Y4, Y5, Y4
	VPCMPEQB  Y9, Y4, Y4
	VPMOVMSKB Y4, DI           // not the letter of a two-byte escape
	ANDL      R12, DI          // bad or \u escapes, by their letter
	TESTL     $1, DI
	JNZ       escBadFirst
	SHRL      $1, DI           // the same, by their backslash
	NOTL      R12
	ANDL      R12, R9          // quotes that end the string
	ANDL      R12, R11         // control and non-ASCII bytes not escaped
	MOVL      R9, BX
	ORL       R11, BX
	ORL       DI, BX
	JNZ       escStop
	MOVQ      DX, AX
	JMP       escLoop

escStop:
	// BX holds the step's stops: the first is where the scan ends, and
	// a quote there ends the string.
	BSFL  BX, BX
	ADDQ  BX, AX
	MOVQ  AX, n+24(FP)
	CMPB  (SI)(AX*1), $0x22
	SETEQ quote+32(FP)
	VZEROUPPER
	RET

escBadFirst:
	// The escape begun by the last byte of the step before is bad.
	DECQ AX
	MOVQ AX, n+24(FP)
	MOVB $0, quote+32(FP)
	VZEROUPPER
	RET

escOut:
	// Fewer than 32 bytes left: the scan ends before them, or at the
	// backslash of an escape they finish.
	SUBQ R8, AX
	MOVQ AX, n+24(FP)
	MOVB $0, quote+32(FP)
	VZEROUPPER
	RET

// unescapeTab: by the byte after a backslash, the byte that the
// two-byte escape stands for, and 0 for any other (\u among them).
DATA unescapeTab<>+0x22(SB)/1, $0x22
DATA unescapeTab<>+0x2F(SB)/1, $0x2F
DATA unescapeTab<>+0x5C(SB)/1, $0x5C
DATA unescapeTab<>+0x62(SB)/1, $0x08
DATA unescapeTab<>+0x66(SB)/1, $0x0C
DATA unescapeTab<>+0x6E(SB)/1, $0x0A
DATA unescapeTab<>+0x72(SB)/1, $0x0D
DATA unescapeTab<>+0x74(SB)/1, $0x09
GLOBL unescapeTab<>(SB), RODATA|NOPTR, $256

// func unescapeVector(dst, src []byte) (nd, ns int)
TEXT ·unescapeVector(SB), NOSPLIT, $0-64
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VPBROADCASTB splat<>+2(SB), Y14
	LEAQ         unescapeTab<>(SB), R10
	XORQ         AX, AX
	XORQ         BX, BX
	SUBQ         $33, CX // steps while 33 bytes are left: an escape's letter is then in src

unLoop:
	CMPQ      AX, CX
	JG        unOut
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   Y0, (DI)(BX*1) // stored before it is looked at: BX <= AX
	VPCMPEQB  Y0, Y14, Y1
	VPMOVMSKB Y1, DX
	TESTL     DX, DX
	JNZ       unEscape
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       unLoop

unEscape:
	BSFL    DX, DX
	ADDQ    DX, AX
	ADDQ    DX, BX
	MOVBLZX 1(SI)(AX*1), DX
	MOVBLZX (R10)(DX*1), R8
	TESTL   R8, R8
	JZ      unOut // \u, or no escape: left to the caller
	MOVB    R8, (DI)(BX*1)
	ADDQ    $2, AX
	INCQ    BX
	JMP     unLoop

unOut:
	MOVQ BX, nd+48(FP)
	MOVQ AX, ns+56(FP)
	VZEROUPPER
	RET

// lineByLow: by a byte's low nibble, LF or CR when one has that nibble,
// else a byte that has another (as spaceByLow): a byte is a line end
// when its lookup equals it.
DATA lineByLow<>+0x00(SB)/8, $0x000000000000000A
DATA lineByLow<>+0x08(SB)/8, $0x00000D00000A0000
GLOBL lineByLow<>(SB), RODATA|NOPTR, $16

// func IndexLineEnd(b []byte) int
TEXT ·IndexLineEnd(SB), NOSPLIT, $0-32
	MOVQ           b_base+0(FP), SI
	MOVQ           b_len+8(FP), CX
	CMPQ           CX, $32
	JLT            lineSWAR
	CMPB           ·vector(SB), $0
	JEQ            lineSWAR
	VBROADCASTI128 lineByLow<>(SB), Y1
	XORQ           AX, AX
	LEAQ           -64(CX), R8 // the last start of a step of 64 bytes
	CMPQ           R8, AX
	JL             line32

line64:
	// 64 bytes a step, as two halves.
	VMOVDQU  (SI)(AX*1), Y0
	VMOVDQU  32(SI)(AX*1), Y3
	VPSHUFB  Y0, Y1, Y2
	VPSHUFB  Y3, Y1, Y4
	VPCMPEQB Y0, Y2, Y2
	VPCMPEQB Y3, Y4, Y4
	VPOR     Y2, Y4, Y5
	VPTEST   Y5, Y5
	JNZ      line64Found
	ADDQ     $64, AX
	CMPQ     AX, R8
	JLE      line64

line32:
	// Fewer than 64 bytes left: a step of 32, if they fill one.
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        lineTail
	VMOVDQU   (SI)(AX*1), Y0
	VPSHUFB   Y0, Y1, Y2
	VPCMPEQB  Y0, Y2, Y2
	VPMOVMSKB Y2, BX
	TESTL     BX, BX
	JNZ       lineFound
	MOVQ      DX, AX

lineTail:
	// The last 32 bytes of b, of which the first DX-len were read, DX
	// being AX+32: fewer than 32 bytes are left.
	CMPQ      AX, CX
	JEQ       lineNone
	LEAQ      32(AX), DX
	VMOVDQU   -32(SI)(CX*1), Y0
	VPSHUFB   Y0, Y1, Y2
	VPCMPEQB  Y0, Y2, Y2
	VPMOVMSKB Y2, BX
	SUBQ      CX, DX
	MOVQ      CX, R8
	MOVQ      DX, CX
	SHRL      CX, BX
	MOVQ      R8, CX
	TESTL     BX, BX
	JZ        lineNone
	JMP       lineFound

line64Found:
	VPMOVMSKB Y2, BX
	TESTL     BX, BX
	JNZ       lineFound
	VPMOVMSKB Y4, BX
	ADDQ      $32, AX

lineFound:
	BSFL       BX, BX
	ADDQ       BX, AX
	MOVQ       AX, ret+24(FP)
	VZEROUPPER
	RET

lineNone:
	MOVQ       $-1, ret+24(FP)
	VZEROUPPER
	RET

lineSWAR:
	JMP ·indexLineEndSWAR(SB)
