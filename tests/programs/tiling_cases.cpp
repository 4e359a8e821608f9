/* A student's answer to the second document's problem as stated: read the count N, then N cases
 * (the side m and the special square x y), print CASE:i and the matrix of each, as the sample
 * output does. chessBoard is the document's own, unchanged; main reads the stated input, starts
 * each case's numbering from 1 and clears the special square, and prints numbers spaced. */
#include <iostream>
#include <cstring>
#include <cstdio>
using namespace std;
int board[1000][1000];
int tile = 1;  //L型骨牌的编号(递增)
void chessBoard(int tr,int tc,int dr,int dc,int size)
{
if ( size==1 )    //棋盘方格大小为1,说明递归到最里层
return;
int t=tile++;     //每次递增1
int s=size/2;    //棋盘中间的行、列号(相等的)
//检查特殊方块是否在左上角子棋盘中
if ( dr<tr+s && dc<tc+s )              //在
chessBoard ( tr, tc, dr, dc, s );
else         //不在，将该子棋盘右下角的方块视为特殊方块
{
board[tr+s-1][tc+s-1]=t;
chessBoard ( tr, tc, tr+s-1, tc+s-1, s );
}
//检查特殊方块是否在右上角子棋盘中
if ( dr<tr+s && dc>=tc+s )               //在
chessBoard ( tr, tc+s, dr, dc, s );
else          //不在，将该子棋盘左下角的方块视为特殊方块
{
board[tr+s-1][tc+s]=t;
chessBoard ( tr, tc+s, tr+s-1, tc+s, s );
}
//检查特殊方块是否在左下角子棋盘中
if ( dr>=tr+s && dc<tc+s )              //在
chessBoard ( tr+s, tc, dr, dc, s );
else            //不在，将该子棋盘右上角的方块视为特殊方块
{
board[tr+s][tc+s-1]=t;
chessBoard ( tr+s, tc, tr+s, tc+s-1, s );
}
//检查特殊方块是否在右下角子棋盘中
if ( dr>=tr+s && dc>=tc+s )                //在
chessBoard ( tr+s, tc+s, dr, dc, s );
else         //不在，将该子棋盘左上角的方块视为特殊方块
{
board[tr+s][tc+s]=t;
chessBoard ( tr+s, tc+s, tr+s, tc+s, s );
}
}
void printMatrix(int n)
{
for(int i = 0; i < n; i++)
for(int j = 0; j < n; j++)
{
printf(j == 0 ? "%d" : " %d",board[i][j]);
if(j == n-1)
printf("\n");
}
}
int main()
{
int N;
cin >> N;
for(int i = 1; i <= N; i++)
{
int n,r,c;
cin >> n;
cin >> r >> c;
tile = 1;
board[r][c] = 0;
chessBoard(0,0,r,c,n);
printf("CASE:%d\n", i);
printMatrix(n);
}
return 0;
}
